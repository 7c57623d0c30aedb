// The code pages a Brazilian counter's printer speaks for Portuguese: CP860 (Portuguese) and CP850
// (Multilingual Latin 1). Bytes 0x20-0x7E are ASCII in both; these are their upper halves, bytes
// 0x80-0xFF in order, as Python's codecs (cp860, cp850) define them. They say which characters a
// receipt may keep as they are: the encoder writes the bytes, these tables only decide what reaches it.

export type CodePageName = 'cp860' | 'cp850';

const UPPER_HALF: Record<CodePageName, string> = {
  cp860:
    'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
  cp850:
    'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0',
};

const REPERTOIRES = new Map(
  (Object.keys(UPPER_HALF) as CodePageName[]).map((name) => [
    name,
    new Set([...UPPER_HALF[name]].map((ch) => ch.codePointAt(0)!)),
  ]),
);

/** Whether a code page prints this character (printable ASCII, or one of its upper half). */
export function codePageHas(name: CodePageName, codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || REPERTOIRES.get(name)!.has(codePoint);
}

/**
 * Text as a code page's bytes: printable ASCII as it is, the upper half by its place in the table.
 * A character the table lacks is left out (the layout keeps to codePageHas, so none should be).
 */
export function encodeCodePage(name: CodePageName, text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) bytes.push(code);
    else {
      const at = UPPER_INDEX.get(name)!.get(ch);
      if (at !== undefined) bytes.push(0x80 + at);
    }
  }
  return bytes;
}

const UPPER_INDEX = new Map(
  (Object.keys(UPPER_HALF) as CodePageName[]).map((name) => [
    name,
    new Map([...UPPER_HALF[name]].map((ch, at) => [ch, at])),
  ]),
);
