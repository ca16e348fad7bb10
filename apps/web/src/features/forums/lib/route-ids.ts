/** The id of an address segment; a malformed one becomes 0, which the server refuses (shown as not found). */
export function positiveId(raw: string | undefined): number {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
