// Mangled model numbers, the way shoppers type what is on a label: case changed, dashes and spaces
// added or dropped, a revision suffix added or left off, an alias or label variant used. For the
// mean-reciprocal-rank test and benchmark of the model-number search (deterministic by seed).

export interface MangledQuery {
  query: string;
  /** The model's printed number the query was made from. */
  modelNumber: string;
  how: string;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCase(text: string, next: () => number): string {
  return [...text].map((ch) => (next() < 0.5 ? ch.toLowerCase() : ch.toUpperCase())).join("");
}

/** Breaks between letter and digit groups, each a dash, a space or nothing. */
function regroup(text: string, next: () => number): string {
  const bare = text.replace(/[\s-]+/g, "");
  return bare.replace(/([A-Za-z])(?=\d)|(\d)(?=[A-Za-z])/g, (m) => m + ["-", " ", "", "-"][Math.floor(next() * 4)]);
}

/** Up to `count` mangled forms of each model's printed numbers. */
export function mangleModelNumbers(
  models: readonly { modelNumber: string; aliases: readonly string[] }[],
  count: number,
  seed = 17,
): MangledQuery[] {
  const next = mulberry32(seed);
  const out: MangledQuery[] = [];
  const manglers: [string, (m: { modelNumber: string; aliases: readonly string[] }) => string][] = [
    ["lower case", (m) => m.modelNumber.toLowerCase()],
    ["random case, regrouped", (m) => randomCase(regroup(m.modelNumber, next), next)],
    ["dashes dropped", (m) => m.modelNumber.replace(/-/g, "")],
    ["spaces for dashes", (m) => m.modelNumber.replace(/-/g, " ").toLowerCase()],
    ["revision suffix added", (m) => `${m.modelNumber}-${"ABCD"[Math.floor(next() * 4)]}`],
    [
      "revision typed without dash",
      // Only after a digit: "S166TB" cannot be told from another number.
      (m) =>
        /\d$/.test(m.modelNumber)
          ? `${m.modelNumber.replace(/-/g, "")}${"BC"[Math.floor(next() * 2)]}`.toLowerCase()
          : `${m.modelNumber} rev b`,
    ],
    ["label variant", (m) => m.aliases[Math.floor(next() * Math.max(1, m.aliases.length))] ?? m.modelNumber],
    ["label variant, mangled", (m) => randomCase(regroup(m.aliases[0] ?? m.modelNumber, next), next)],
    ["market suffix", (m) => `${m.modelNumber} UL`],
  ];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const model = models[Math.floor(next() * models.length)];
    const [how, mangle] = manglers[i % manglers.length];
    out.push({ query: mangle(model), modelNumber: model.modelNumber, how });
  }
  return out;
}
