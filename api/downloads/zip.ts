// Writing a zip of CSVs to a file, streamed: each CSV is produced in chunks and deflated as it
// goes (fflate), so a large dataset never sits in memory twice and the event loop is never held
// for long (the download job runs in the web process by default).
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { Zip, ZipDeflate } from "fflate";

export interface ZipEntry {
  name: string;
  /** Text chunks of the file, produced lazily. */
  chunks: AsyncIterable<string> | Iterable<string>;
}

/** Write the entries as a zip at `file` (via a temporary name, so a half-written zip is never seen). */
export async function writeZip(file: string, entries: ZipEntry[]): Promise<number> {
  const tmp = `${file}.part`;
  const out = createWriteStream(tmp);
  let bytes = 0;
  let failed: Error | null = null;
  out.on("error", (e) => (failed = e));
  const finished = new Promise<void>((resolve, reject) => {
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      bytes += chunk.length;
      out.write(chunk);
      if (final) out.end(() => resolve());
    });
    (async () => {
      const enc = new TextEncoder();
      for (const entry of entries) {
        const file = new ZipDeflate(entry.name, { level: 6 });
        zip.add(file);
        for await (const text of entry.chunks) {
          if (failed) throw failed;
          file.push(enc.encode(text));
          await yieldToLoop();
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
    })().catch(reject);
  });
  try {
    await finished;
    if (failed) throw failed;
    await rename(tmp, file);
    return bytes;
  } catch (e) {
    out.destroy();
    await rm(tmp, { force: true });
    throw e;
  }
}
