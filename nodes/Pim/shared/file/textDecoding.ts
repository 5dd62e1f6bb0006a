import { fail } from '../params';

/**
 * A file's bytes as text, a piece at a time (csv.ts reads it): UTF-8 and UTF-16 told by their byte
 * order mark, other encodings by name; a character cut between two chunks is held until the next.
 */

/**
 * Bytes decoded at once: small enough that the text in hand, and the records it holds, die young
 * (a text moved to V8's old space, with everything it holds, grows n8n's peak memory). A row's
 * long cells are slices of the piece they were read from: a row waiting for its write keeps its
 * whole piece.
 */
const TEXT_PIECE = 4 * 1024;

/** The encoding a byte order mark names, and the mark's length. */
function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
		return { encoding: 'utf-8', length: 3 };
	if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
	return undefined;
}

/**
 * How many of the last bytes given to a decoder (`tail`: up to 4 of them) it holds as the start of
 * a character the next bytes end. Known for UTF-8 and UTF-16; 0 for other encodings.
 */
function heldBytes(encoding: string, tail: Uint8Array, total: number): number {
	const n = tail.length;
	if (encoding === 'utf-8') {
		for (let back = 1; back <= Math.min(3, n); back++) {
			const b = tail[n - back];
			if ((b & 0xc0) === 0x80) continue;
			const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
			return length > back ? back : 0;
		}
		return 0;
	}
	if (encoding === 'utf-16le' || encoding === 'utf-16be') {
		const odd = total % 2;
		const at = n - odd - 2;
		if (at < 0) return odd;
		const unit =
			encoding === 'utf-16le' ? tail[at] | (tail[at + 1] << 8) : (tail[at] << 8) | tail[at + 1];
		// A high surrogate waits for its low one.
		return unit >= 0xd800 && unit <= 0xdbff ? odd + 2 : odd;
	}
	return 0;
}

/** The text of `bytes` before the first that are not `encoding` (a character they cut off left out). */
function textBefore(encoding: string, bytes: Uint8Array): string {
	const readable = (k: number) => {
		try {
			return new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(0, k), {
				stream: true,
			});
		} catch {
			return undefined;
		}
	};
	// The longest readable start: a start of readable bytes is readable.
	let low = 0;
	let high = bytes.length;
	while (low < high) {
		const middle = Math.ceil((low + high) / 2);
		if (readable(middle) === undefined) high = middle - 1;
		else low = middle;
	}
	return readable(low) ?? '';
}

/**
 * The file's text, chunk by chunk, decoded by its byte order mark or `encoding`. Bytes that are
 * not the encoding end it: the text before them is given, then `notTheEncoding(encoding's name)`.
 */
export async function* decodedText(
	chunks: AsyncIterable<Uint8Array>,
	encoding: string | undefined,
	notTheEncoding: (name: string) => never,
): AsyncGenerator<string> {
	let decoder: InstanceType<typeof TextDecoder> | undefined;
	let head = new Uint8Array(0);
	// The last bytes decoded and how many: what a character cut by a chunk began with.
	let tail = new Uint8Array(0);
	let total = 0;
	const decode = (bytes: Uint8Array, last: boolean): { text: string; bad?: string } => {
		try {
			const text = decoder!.decode(bytes, { stream: !last });
			const joined = new Uint8Array(Math.min(4, tail.length + bytes.length));
			const fromTail = joined.length - Math.min(bytes.length, joined.length);
			joined.set(tail.subarray(tail.length - fromTail));
			joined.set(bytes.subarray(bytes.length - (joined.length - fromTail)), fromTail);
			tail = joined;
			total += bytes.length;
			return { text };
		} catch {
			const name = decoder!.encoding;
			const held = tail.subarray(tail.length - heldBytes(name, tail, total));
			const retried = new Uint8Array(held.length + bytes.length);
			retried.set(held);
			retried.set(bytes, held.length);
			return { text: textBefore(name, retried), bad: name.toUpperCase() };
		}
	};
	const start = (bytes: Uint8Array) => {
		const mark = byteOrderMark(bytes);
		const label = mark?.encoding ?? encoding ?? 'utf-8';
		try {
			decoder = new TextDecoder(label, { fatal: true });
		} catch {
			fail(
				`Parameter "File Options → Encoding": "${label}" is not a text encoding that can be read`,
				'Choose UTF-8, Windows-1252, ISO-8859-1 or UTF-16 LE.',
			);
		}
		return bytes.subarray(mark?.length ?? 0);
	};
	for await (const chunk of chunks) {
		let bytes = chunk;
		if (!decoder) {
			// Up to 3 bytes are needed to tell a mark.
			const joined = new Uint8Array(head.length + chunk.length);
			joined.set(head);
			joined.set(chunk, head.length);
			if (joined.length < 3) {
				head = joined;
				continue;
			}
			bytes = start(joined);
		}
		for (let at = 0; at < bytes.length; at += TEXT_PIECE) {
			const { text, bad } = decode(bytes.subarray(at, at + TEXT_PIECE), false);
			if (text) yield text;
			if (bad) notTheEncoding(bad);
		}
	}
	const { text, bad } = decoder ? decode(new Uint8Array(0), true) : decode(start(head), true);
	if (text) yield text;
	if (bad) notTheEncoding(bad);
}
