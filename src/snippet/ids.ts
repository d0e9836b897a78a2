/** Client-made write ids: 20 random base-36 characters (about 100 bits), unique enough per site. */
export function _id(): string {
  let s = '';
  try {
    const a = crypto.getRandomValues(new Uint32Array(4));
    for (let i = 0; i < 4; i++) s += a[i]!.toString(36);
  } catch {
    // no Web Crypto (very old browser): Math.random still gives distinct ids in practice
    for (let i = 0; i < 4; i++) s += Math.floor(Math.random() * 4294967296).toString(36);
  }
  return (Date.now().toString(36) + s).slice(0, 20);
}
