/**
 * Fills a sentence's named places: fill("Now tap {pit}.", { pit: "pit 6" }). Sentences stay whole in
 * the content files (a translation can move a place anywhere in its sentence); code only supplies
 * the values.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole,
  );
}

/** The places a sentence names, for tests that hold templates and their values in step. */
export function placesOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}
