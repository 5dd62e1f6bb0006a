import { counted, FILE_BOUNDS, refuse } from './bounds';

/**
 * The entries of a ZIP archive (an XLSX file is one), read from its central directory; an entry's
 * content inflated as a stream with the runtime's own DecompressionStream (no dependency), never
 * past the size the directory states for it nor past the bound its reader gives (a zip bomb).
 */

export interface ZipEntry {
	name: string;
	/** 0: stored, 8: deflated. */
	method: number;
	compressedSize: number;
	/** The size the directory states for its content. */
	size: number;
	/** Where the entry's local header starts. */
	offset: number;
}

export const EOCD = 0x06054b50;
export const CENTRAL = 0x02014b50;
export const LOCAL = 0x04034b50;

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
	if (end < 0) refuse(undefined, 'it is not a readable ZIP archive (no central directory)');
	const count = data.getUint16(end + 10, true);
	let at = data.getUint32(end + 16, true);
	if (count === 0xffff || at === 0xffffffff)
		refuse(undefined, 'it is a ZIP64 archive (over 4 GB or 65,535 entries), which cannot be read');
	const entries = new Map<string, ZipEntry>();
	const names = new TextDecoder('utf-8');
	for (let i = 0; i < count; i++) {
		if (at + 46 > bytes.length || data.getUint32(at, true) !== CENTRAL)
			refuse(undefined, 'it is not a readable ZIP archive (a damaged central directory)');
		const nameLength = data.getUint16(at + 28, true);
		const extraLength = data.getUint16(at + 30, true);
		const commentLength = data.getUint16(at + 32, true);
		const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
		if (
			data.getUint32(at + 20, true) === 0xffffffff ||
			data.getUint32(at + 24, true) === 0xffffffff
		)
			refuse(placeOf({ name }), 'it is a ZIP64 entry (over 4 GB), which cannot be read');
		entries.set(name, {
			name,
			method: data.getUint16(at + 10, true),
			compressedSize: data.getUint32(at + 20, true),
			size: data.getUint32(at + 24, true),
			offset: data.getUint32(at + 42, true),
		});
		at += 46 + nameLength + extraLength + commentLength;
	}
	return entries;
}

/** The entry's content as a stream of bytes, inflated as it is read. */
export function entryStream(bytes: Uint8Array, entry: ZipEntry): ReadableStream<Uint8Array> {
	const data = view(bytes);
	const damaged = () => refuse(placeOf(entry), 'the entry is damaged');
	if (entry.offset + 30 > bytes.length || data.getUint32(entry.offset, true) !== LOCAL) damaged();
	const start =
		entry.offset +
		30 +
		data.getUint16(entry.offset + 26, true) +
		data.getUint16(entry.offset + 28, true);
	if (start + entry.compressedSize > bytes.length) damaged();
	const content = bytes.subarray(start, start + entry.compressedSize);
	const stored = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(content);
			controller.close();
		},
	});
	if (entry.method === 0) return stored;
	if (entry.method !== 8)
		refuse(
			placeOf(entry),
			`the entry is compressed with method ${entry.method}, which cannot be read`,
		);
	return stored.pipeThrough(new DecompressionStream('deflate-raw'));
}

/** How errors name an entry. */
export const placeOf = (entry: { name: string }) => `the ZIP entry "${entry.name}"`;

/**
 * The entry's content as text, chunk by chunk: never more than its stated size, nor past the
 * ratio of bounds.ts (a zip bomb), nor past `bound` bytes when given (`what` names it).
 */
export async function* entryText(
	bytes: Uint8Array,
	entry: ZipEntry,
	bound?: { bytes: number; what: string },
): AsyncGenerator<string> {
	if (bound && entry.size > bound.bytes)
		refuse(placeOf(entry), `it inflates to ${counted(entry.size)} bytes, past ${bound.what}`);
	const { ratio, ratioFrom } = FILE_BOUNDS;
	const tooDense = (size: number) => size > ratioFrom && size > ratio * entry.compressedSize;
	const bomb = () =>
		refuse(
			placeOf(entry),
			`it inflates to more than ${ratio} times its compressed size`,
			`Workbooks as spreadsheet programs write them inflate about 10 times; past ${counted(ratioFrom)} bytes, an entry inflating more is refused as a zip bomb (README → Security).`,
		);
	if (tooDense(entry.size)) bomb();
	const decoder = new TextDecoder('utf-8', { fatal: true });
	// A workbook's parts are UTF-8: other bytes are never read as `�`.
	const decode = (bytes?: Uint8Array) => {
		try {
			return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
		} catch {
			return refuse(placeOf(entry), 'it holds bytes that are not UTF-8 text');
		}
	};
	const reader = entryStream(bytes, entry).getReader();
	let inflated = 0;
	for (;;) {
		let next: Awaited<ReturnType<typeof reader.read>>;
		try {
			next = await reader.read();
		} catch {
			return refuse(placeOf(entry), 'the entry is damaged (its content cannot be inflated)');
		}
		if (next.done) break;
		inflated += next.value.length;
		if (tooDense(inflated) || inflated > entry.size) {
			await reader.cancel().catch(() => undefined);
			if (tooDense(inflated)) bomb();
			refuse(
				placeOf(entry),
				`it inflates past the ${counted(entry.size)} bytes its directory states`,
				'The archive is damaged, or made to exhaust the memory of what reads it.',
			);
		}
		const text = decode(next.value);
		if (text) yield text;
	}
	const rest = decode();
	if (rest) yield rest;
}
