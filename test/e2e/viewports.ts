// The screens a counter runs on: a small 4:3 monitor, the common laptop, and full HD.
export const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
