// Copies a text (the Pix copy-and-paste code, an integration's token). The async Clipboard API
// can be refused (permissions denied by the Electron shell, or no focus), so fall back to
// selecting the visible field.
export async function copyText(text: string, fallbackField: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackField) return false;
    fallbackField.focus();
    fallbackField.select();
    // execCommand is deprecated but remains the one copy path that needs no permission.
    return document.execCommand('copy');
  }
}
