// The screens a counter runs on: a small 4:3 monitor, the common laptop, and full HD.
export const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** A screen as the page lays out on it: its CSS pixels, and how many device pixels each one is. */
export interface ScreenSize {
  width: number;
  height: number;
  deviceScaleFactor: number;
  /** How the size is named in test messages and screenshots: "1366x768@125%". */
  name: string;
}

/**
 * Windows' display scaling, which shop PCs often run: a 1366×768 laptop at 125% (the largest
 * Windows offers on it) and a full-HD monitor at 125% and 150%. The page lays out in the screen's
 * pixels divided by the scale. A 1024×768 monitor is left at 100%: at 125% it is 819 CSS pixels
 * across, narrower than the cashier window's minimum (src/main/counter/hosts/electron/windows.ts).
 */
const SCALED = [
  { screen: VIEWPORTS[1], scale: 1.25 },
  { screen: VIEWPORTS[2], scale: 1.25 },
  { screen: VIEWPORTS[2], scale: 1.5 },
] as const;

/** Every size the layout tour checks: the three screens at 100%, then the scaled ones. */
export const SCREEN_SIZES: readonly ScreenSize[] = [
  ...VIEWPORTS.map((screen) => ({ ...screen, deviceScaleFactor: 1, name: `${screen.width}x${screen.height}` })),
  ...SCALED.map(({ screen, scale }) => ({
    width: Math.round(screen.width / scale),
    height: Math.round(screen.height / scale),
    deviceScaleFactor: scale,
    name: `${screen.width}x${screen.height}@${scale * 100}%`,
  })),
];
