// Held pages' answers joined from parts gzipped once and each answer's own nonce (decision 0518):
// any gzip reader gets back exactly the text, with a correct CRC-32 and length.
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePart, deflateParts, joinedGzip } from "../../api/http/joinedGzip.ts";

const text = (n: number) => Buffer.from(randomBytes(n).toString("base64").slice(0, n));

describe("joinedGzip", () => {
  it.each([[[0]], [[1]], [[5, 0, 7]], [[0, 0]], [[100_000, 30, 2_000, 0]], [[70_000, 70_000, 1]]])(
    "parts of %j bytes joined with a nonce read back as the whole text",
    (sizes) => {
      const parts = sizes.map(text);
      const nonce = Buffer.from(randomBytes(16).toString("base64"));
      const gz = joinedGzip(
        parts.map((p) => deflatePart(p)),
        nonce,
      );
      const whole = Buffer.concat(parts.flatMap((p, i) => (i ? [nonce, p] : [p])));
      // gunzip checks the trailer's CRC-32 and length.
      expect(zlib.gunzipSync(gz).equals(whole)).toBe(true);
      // Parts that refer back into the parts before them (never into a nonce) read back the same.
      const linked = joinedGzip(deflateParts(parts, nonce.length), nonce);
      expect(zlib.gunzipSync(linked).equals(whole)).toBe(true);
    },
  );

  it("parts that repeat what came before, across nonces, are compressed as one gzip would", () => {
    const row = (i: number) => `<tr><td>GB national demand ${i % 7}</td><td>30 min</td></tr>`;
    const page = Buffer.from(Array.from({ length: 600 }, (_, i) => row(i)).join(""));
    const nonce = Buffer.from(randomBytes(16).toString("base64"));
    // A nonce every 4 000 bytes, as a page's script tags.
    const parts = [0, 4_000, 8_000, 12_000, 16_000].map((at, i, all) => page.subarray(at, all[i + 1]));
    const whole = Buffer.concat(parts.flatMap((p, i) => (i ? [nonce, p] : [p])));
    const linked = joinedGzip(deflateParts(parts, nonce.length), nonce);
    expect(zlib.gunzipSync(linked).equals(whole)).toBe(true);
    expect(linked.length).toBeLessThan(zlib.gzipSync(whole).length + 5 * 16 + 100);
  });

  it("a part holding a zero byte is compressed on its own", () => {
    const parts = [Buffer.from("abc\u0000def".repeat(50)), Buffer.from("abc\u0000def".repeat(50))];
    const nonce = Buffer.from("AAAA");
    const linked = joinedGzip(deflateParts(parts, nonce.length), nonce);
    expect(zlib.gunzipSync(linked).equals(Buffer.concat([parts[0], nonce, parts[1]]))).toBe(true);
  });

  it("compresses a page about as well as gzip does (a break costs its dictionary restart)", () => {
    const page = Buffer.from(`<html>${"<tr><td>GB national demand</td><td>30 min</td></tr>".repeat(2_000)}`);
    const parts = [page.subarray(0, 60_000), page.subarray(60_000)].map((p) => deflatePart(p));
    const joined = joinedGzip(parts, Buffer.from("n0nce"));
    expect(joined.length).toBeLessThan(zlib.gzipSync(page).length + 200);
  });
});
