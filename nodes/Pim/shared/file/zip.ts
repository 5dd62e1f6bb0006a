import { fail } from '../params';

/**
 * The entries of a ZIP archive (an XLSX file is one), read from its central directory; an entry's
 * content inflated as a stream with the runtime's own DecompressionStream (no dependency).
 */

export interface ZipEntry {
	name: string;
	/** 0: stored, 8: deflated. */
	method: number;
	compressedSize: number;
	/** Where the entry's local header starts. */
	offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Whether the bytes start as a ZIP archive does (`PK\x03\x04`). */
export function isZip(bytes: Uint8Array): boolean {
	return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Every entry of the archive, by name. */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
	const data = view(bytes);
	// The end record is in the last 22 bytes plus a comment of at most 64 KB.
	let end = -1;
	for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--)
		if (data.getUint32(at, true) === EOCD) {
			end = at;
			break;
		}
	if (end < 0) fail('The file is not a readable ZIP archive (no central directory)');
	const count = data.getUint16(end + 10, true);
	let at = data.getUint32(end + 16, true);
	if (count === 0xffff || at === 0xffffffff)
		fail('The file is a ZIP64 archive (over 4 GB or 65 535 entries), which cannot be read');
	const entries = new Map<string, ZipEntry>();
	const names = new TextDecoder('utf-8');
	for (let i = 0; i < count; i++) {
		if (at + 46 > bytes.length || data.getUint32(at, true) !== CENTRAL)
			fail('The file is not a readable ZIP archive (a damaged central directory)');
		const nameLength = data.getUint16(at + 28, true);
		const extraLength = data.getUint16(at + 30, true);
		const commentLength = data.getUint16(at + 32, true);
		const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
		entries.set(name, {
			name,
			method: data.getUint16(at + 10, true),
			compressedSize: data.getUint32(at + 20, true),
			offset: data.getUint32(at + 42, true),
		});
		at += 46 + nameLength + extraLength + commentLength;
	}
	return entries;
}

/** The entry's content as a stream of bytes, inflated as it is read. */
export function entryStream(bytes: Uint8Array, entry: ZipEntry): ReadableStream<Uint8Array> {
	const data = view(bytes);
	if (data.getUint32(entry.offset, true) !== LOCAL)
		fail(`The ZIP entry "${entry.name}" is damaged`);
	const start =
		entry.offset +
		30 +
		data.getUint16(entry.offset + 26, true) +
		data.getUint16(entry.offset + 28, true);
	const content = bytes.subarray(start, start + entry.compressedSize);
	const stored = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(content);
			controller.close();
		},
	});
	if (entry.method === 0) return stored;
	if (entry.method !== 8)
		fail(
			`The ZIP entry "${entry.name}" is compressed with method ${entry.method}, which cannot be read`,
		);
	return stored.pipeThrough(new DecompressionStream('deflate-raw'));
}

/** The entry's content as text, chunk by chunk. */
export async function* entryText(bytes: Uint8Array, entry: ZipEntry): AsyncGenerator<string> {
	const decoder = new TextDecoder('utf-8');
	const reader = entryStream(bytes, entry).getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		const text = decoder.decode(value, { stream: true });
		if (text) yield text;
	}
	const rest = decoder.decode();
	if (rest) yield rest;
}
