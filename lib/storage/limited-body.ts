import { Readable } from "node:stream";

/**
 * A file part's bytes (its first chunk already read) as a stream for a driver, failing with
 * `tooLarge()` once past `max` bytes. `size()` is what went through; `error()` why the stream
 * stopped, if it did (a driver may report its own cleanup's failure instead).
 */
export function limitedBody(first: IteratorResult<Buffer>, rest: AsyncIterator<Buffer>, max: number, tooLarge: () => Error) {
  let size = 0;
  let failure: unknown = null;
  const body = Readable.from(
    (async function* () {
      try {
        for (let next = first; !next.done; next = await rest.next()) {
          size += next.value.length;
          if (size > max) throw tooLarge();
          yield next.value;
        }
      } catch (err) {
        failure = err;
        throw err;
      }
    })(),
  );
  return { body, size: () => size, error: () => failure };
}
