/**
 * Words Indonesian shoppers use for the same thing, in any of the shop's languages. A search word in a
 * group also finds the other words of its group (as words or word beginnings), and is never "corrected"
 * into a look-alike ("handphone" is not a misspelt "headphone"). Single words only, lower-case.
 */
const groups: readonly (readonly string[])[] = [
  // Not "telepon": a headphone's description says it takes phone calls ("untuk telepon").
  ["hp", "handphone", "ponsel", "smartphone", "hape"],
  ["sepatu", "sneakers", "sneaker", "shoes", "shoe"],
  ["sandal", "sandals", "slides", "slide"],
  ["tas", "bag", "bags", "ransel", "backpack"],
  ["dompet", "wallet"],
  ["kaos", "tee", "tshirt"],
  ["celana", "pants", "trousers", "jogger"],
  ["jaket", "jacket", "hoodie"],
  ["earphone", "earphones", "earbuds", "headset"],
  ["laptop", "notebook"],
  ["kacamata", "sunglasses", "eyewear"],
  ["topi", "cap", "hat"],
  ["lipstik", "lipstick"],
  ["parfum", "perfume", "parfume"],
  ["kopi", "coffee"],
  ["teh", "tea"],
  ["boneka", "plush", "teddy"],
  ["mainan", "toy", "toys"],
  ["bola", "ball"],
];

const byWord = new Map<string, string[]>();
for (const group of groups)
  for (const word of group)
    byWord.set(
      word,
      group.filter((w) => w !== word),
    );

/** The other words of `word`'s group (none when it has no synonyms). */
export function synonymsOf(word: string): string[] {
  return byWord.get(word) ?? [];
}
