// Debian's Chromium through playwright-core (Playwright cannot download its own browser here).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ChromiumOptions {
  /**
   * 'hidden': Chromium sees no font of the machine's (a fontconfig file that lists no font
   * folder), only what the page brings: a screen that still reads right owes nothing to the fonts
   * a machine happens to have. 'machine' (the default): the machine's fonts as they are.
   */
  systemFonts?: 'machine' | 'hidden';
}

export function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    env: options.systemFonts === 'hidden' ? { ...process.env, FONTCONFIG_FILE: fontconfigWithoutFonts() } : undefined,
  });
}

/** A fontconfig file naming no font folder (and a cache of its own, so the machine's is not read). */
function fontconfigWithoutFonts(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-no-fonts-'));
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return file;
}

const FONTCONFIG_FILE = '/etc/fonts/fonts.conf';
const SCALABLE_FONT = new Set(['.ttf', '.otf', '.ttc', '.otc', '.pfb', '.pfa']);

/**
 * The font files Chromium may draw with when it sees the machine's fonts: what `fc-list` lists, or
 * without it, those under the folders the machine's fontconfig file names. Machines differ (a Debian till with DejaVu and Liberation,
 * a CI box whose Chromium came without any font), so the tests ask instead of assuming.
 */
export function machineFontFiles(): string[] {
  // fontconfig's own answer where its tools are installed: what Chromium will be offered.
  const listed = spawnSync('fc-list', ['--format', '%{file}\\n', ':scalable=true'], { encoding: 'utf8' });
  if (listed.status === 0) return listed.stdout.split('\n').filter(Boolean);
  if (!existsSync(FONTCONFIG_FILE)) return [];
  const folders = [
    ...readFileSync(FONTCONFIG_FILE, 'utf8').matchAll(/<dir(\s+prefix="(\w+)")?[^>]*>([^<]+)<\/dir>/g),
  ].map(([, , prefix, path = '']) =>
    prefix === 'xdg'
      ? join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), path)
      : path.startsWith('~')
        ? join(homedir(), path.slice(1))
        : path,
  );
  return folders.flatMap((folder) => fontFilesUnder(folder));
}

function fontFilesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => SCALABLE_FONT.has(extname(name).toLowerCase()))
    .map((name) => join(folder, name));
}
