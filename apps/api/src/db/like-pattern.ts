/** An ILIKE pattern matching `search` anywhere, with LIKE's wildcards escaped ("50%" means 50%). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
