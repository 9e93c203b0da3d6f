/** An answer longer than a client reads (docs/chat.md, "Limits"; docs/scheduling.md). */
export class AnswerTooLarge extends Error {
  constructor(
    host: string,
    readonly maxBytes: number,
  ) {
    super(`The answer of ${host} is longer than ${maxBytes} bytes.`);
  }
}

/**
 * `fetch` that reads at most `maxBytes` of an answer's body before handing it on, for clients
 * that take a `fetch` and read the whole body themselves (Slack's): a longer body, announced or
 * streamed, fails the call and its connection is dropped.
 */
export function cappedFetch(maxBytes: number, fetchFn: typeof fetch = globalThis.fetch) {
  const capped: typeof fetch = async (input, init) => {
    const answer = await fetchFn(input, init);
    const tooLarge = () => {
      const host = new URL(input instanceof Request ? input.url : String(input)).host;
      return new AnswerTooLarge(host, maxBytes);
    };
    if (Number(answer.headers.get("content-length") ?? 0) > maxBytes) {
      await answer.body?.cancel();
      throw tooLarge();
    }
    if (!answer.body) return answer;
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = answer.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(read.value);
    }
    return new Response(Buffer.concat(chunks), {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  };
  return capped;
}
