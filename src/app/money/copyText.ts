/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context (HTTPS or localhost); a member on
 * plain HTTP still gets the old selection-based copy. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permission, focus): try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // Deprecated but still the only synchronous way outside a secure context.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
