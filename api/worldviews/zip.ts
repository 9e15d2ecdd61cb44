// A zip of files on disk, streamed to the HTTP response as it is built (fflate): files are read in
// chunks and written with back-pressure, so a large selection never sits in memory. xlsx files are
// already deflated, so they are stored; text files (csv) are deflated.
import { createReadStream } from "node:fs";
import type { Writable } from "node:stream";
import { once } from "node:events";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export interface ZipFileEntry {
  /** Name inside the zip. */
  name: string;
  /** Path of the file on disk. */
  path: string;
}

/** Write a zip of `entries` to `out` (e.g. an Express response); resolves when all is written. */
export async function streamZip(out: Writable, entries: ZipFileEntry[]): Promise<void> {
  let pending: Promise<unknown> = Promise.resolve();
  let failure: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    if (!out.write(chunk)) pending = once(out, "drain");
    if (final) out.end();
  });
  const used = new Set<string>();
  for (const entry of entries) {
    let name = entry.name;
    for (let i = 2; used.has(name); i++) name = entry.name.replace(/(\.\w+)?$/, ` (${i})$1`);
    used.add(name);
    const file = /\.(xlsx|zip|gz)$/i.test(name)
      ? new ZipPassThrough(name)
      : new ZipDeflate(name, { level: 6 });
    zip.add(file);
    for await (const chunk of createReadStream(entry.path, { highWaterMark: 256 * 1024 })) {
      if (failure) throw failure;
      if (out.destroyed) throw new Error("The client went away.");
      file.push(new Uint8Array(chunk as Buffer));
      await pending;
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  await pending;
  if (failure) throw failure;
}
