// Solver of the store's proof-of-work bot check (ALTCHA, SHA-256, one round per counter), for the browser.
// Each try hashes salt (16 bytes) + nonce (16 bytes) + counter (4 bytes, big-endian): one 64-byte SHA-256
// block, computed here in plain JavaScript. That is several times faster in a browser than awaiting
// crypto.subtle.digest for each try, so a phone pays about what a script pays for the same challenge
// (the figures are in the README's "Limits" section). The server verifies with altcha-lib.

export interface ProofOfWorkParameters {
  algorithm: string;
  cost: number;
  keyLength?: number;
  keyPrefix: string;
  nonce: string;
  salt: string;
}

export interface ProofOfWorkSolution {
  counter: number;
  derivedKey: string;
  time: number;
}

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const H0 = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** SHA-256 of one message that fits a single block (at most 55 bytes), written into `out` (8 words). */
function sha256Block(words: Int32Array, w: Int32Array, out: Int32Array): void {
  for (let i = 0; i < 16; i++) w[i] = words[i];
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15];
    const y = w[i - 2];
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let a = H0[0];
  let b = H0[1];
  let c = H0[2];
  let d = H0[3];
  let e = H0[4];
  let f = H0[5];
  let g = H0[6];
  let h = H0[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i] + w[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = (H0[0] + a) | 0;
  out[1] = (H0[1] + b) | 0;
  out[2] = (H0[2] + c) | 0;
  out[3] = (H0[3] + d) | 0;
  out[4] = (H0[4] + e) | 0;
  out[5] = (H0[5] + f) | 0;
  out[6] = (H0[6] + g) | 0;
  out[7] = (H0[7] + h) | 0;
}

function hexWords(hex: string): number[] {
  const words: number[] = [];
  for (let i = 0; i < hex.length; i += 8) words.push(Number.parseInt(hex.slice(i, i + 8), 16) | 0);
  return words;
}

function wordsHex(words: Int32Array): string {
  let hex = "";
  for (const word of words) hex += (word >>> 0).toString(16).padStart(8, "0");
  return hex;
}

/** True when the challenge is of the kind this solver handles (the store's own ALTCHA challenges). */
export function isFastSolvable(p: ProofOfWorkParameters): boolean {
  return (
    p.algorithm === "SHA-256" &&
    p.cost === 1 &&
    (p.keyLength ?? 32) === 32 &&
    /^[0-9a-f]{32}$/i.test(p.salt) &&
    /^[0-9a-f]{32}$/i.test(p.nonce) &&
    /^[0-9a-f]{8}([0-9a-f]{8})*$/i.test(p.keyPrefix) &&
    p.keyPrefix.length <= 64
  );
}

/**
 * Finds the counter whose key starts with the challenge's key prefix. Works in slices of `sliceMs` and
 * yields between them, so the page stays responsive; null after `timeoutMs`.
 */
export async function solveProofOfWork(
  p: ProofOfWorkParameters,
  options: { timeoutMs?: number; sliceMs?: number } = {},
): Promise<ProofOfWorkSolution | null> {
  if (!isFastSolvable(p)) throw new Error("Unsupported bot-check challenge.");
  const timeoutMs = options.timeoutMs ?? 60_000;
  const sliceMs = options.sliceMs ?? 50;
  // Message: salt (4 words) + nonce (4 words) + counter (1 word) = 36 bytes, then the padding.
  const words = new Int32Array(16);
  words.set([...hexWords(p.salt.toLowerCase()), ...hexWords(p.nonce.toLowerCase())], 0);
  words[9] = 0x80000000 | 0;
  words[15] = 36 * 8;
  const prefix = hexWords(p.keyPrefix.toLowerCase());
  const w = new Int32Array(64);
  const out = new Int32Array(8);
  const start = Date.now();
  let counter = 0;
  for (;;) {
    const sliceEnd = Date.now() + sliceMs;
    for (let i = 0; i < 4096; i++) {
      words[8] = counter | 0;
      sha256Block(words, w, out);
      let match = true;
      for (let j = 0; j < prefix.length; j++) {
        if (out[j] !== prefix[j]) {
          match = false;
          break;
        }
      }
      if (match) return { counter, derivedKey: wordsHex(out), time: Date.now() - start };
      counter++;
      if (counter > 0xffffffff) return null;
      if (i === 4095 && Date.now() < sliceEnd) i = -1;
    }
    if (Date.now() - start > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
