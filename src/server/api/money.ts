/** Kopecks as the answers give money: roubles, a number. */
export const roubles = (kopecks: number): number => Math.round(kopecks) / 100;
