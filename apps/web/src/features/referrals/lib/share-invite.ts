/** Copies the link; false when the browser would not. */
export async function copyInviteLink(
  link: string,
  nav: Pick<Navigator, 'clipboard'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): Promise<boolean> {
  try {
    if (!nav?.clipboard?.writeText) return false;
    await nav.clipboard.writeText(link);
    return true;
  } catch {
    return false;
  }
}
