/** The three game families the screens group the four rule sets into (a leaf module: the catalogues import it too). */
export const FAMILIES = ["togyz", "ayo", "tsoro"] as const;
export type Family = (typeof FAMILIES)[number];
