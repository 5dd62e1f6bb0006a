import { fail } from '../params';
import { CENTRAL, EOCD, LOCAL } from './zip';

/**
 * A ZIP archive written as a stream (an XLSX file is one), without a dependency: each entry
 * deflated as it is read with the runtime's own CompressionStream, its CRC and sizes in a data
 * descriptor after its content, the central directory at the end. Only the chunks in flight
 * (IN_FLIGHT) are held. An archive or entry past 4 GiB, or past 65,535 entries, would need ZIP64,
 * which zip.ts does not read either: it is refused.
 */

const DESCRIPTOR = 0x08074b50;
/** Bit 3: sizes and CRC in a data descriptor after the content; bit 11: names in UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
const LIMIT = 0xffffffff;

/**
 * CRC-32's tables for slicing by 8 (eight bytes a step): table 0 is the byte-wise table, table k
 * the CRC of a byte followed by k zero bytes.
 */
const CRC_TABLES = (() => {
	const table = new Uint32Array(256 * 8);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	for (let n = 0; n < 256; n++)
		for (let k = 1; k < 8; k++) {
			const before = table[(k - 1) * 256 + n];
			table[k * 256 + n] = (before >>> 8) ^ table[before & 0xff];
		}
	return table;
})();

/** The CRC-32 of `bytes`, continued from `crc` (0 to start): eight bytes a step, then byte-wise. */
export function crc32(bytes: Uint8Array, crc = 0): number {
	const t = CRC_TABLES;
	let c = ~crc >>> 0;
	let i = 0;
	const whole = bytes.length - (bytes.length % 8);
	for (; i < whole; i += 8) {
		const low = c ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
		c =
			t[1792 + (low & 0xff)] ^
			t[1536 + ((low >>> 8) & 0xff)] ^
			t[1280 + ((low >>> 16) & 0xff)] ^
			t[1024 + (low >>> 24)] ^
			t[768 + bytes[i + 4]] ^
			t[512 + bytes[i + 5]] ^
			t[256 + bytes[i + 6]] ^
			t[bytes[i + 7]];
	}
	for (; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
	return ~c >>> 0;
}

interface Written {
	name: Uint8Array;
	crc: number;
	compressed: number;
	size: number;
	offset: number;
}

/** MS-DOS time and date of a moment (local fields, as ZIP tools show them). */
function dosTime(at: Date): { time: number; date: number } {
	return {
		time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
		date:
			((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
	};
}

function tooBig(): never {
	return fail(
		'The XLSX file would be larger than 4 GB, which needs ZIP64',
		'Export as CSV, or narrow the export with Filters or Export Options → Columns.',
	);
}

/**
 * Chunks handed to the compressor and not yet taken by it. Two: the compressor (on a libuv thread)
 * works on one while the next waits and the source makes the one after, so the text is made beside
 * the compression; a chunk more holds more memory and gains nothing.
 */
const IN_FLIGHT = 2;

type Content = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** `source` deflated (raw deflate), read as it is consumed; `seen` gets every chunk before it is. */
async function* deflated(
	source: Content,
	seen: (chunk: Uint8Array) => void,
): AsyncGenerator<Uint8Array> {
	const stream = new CompressionStream('deflate-raw');
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	let failure: { error: unknown } | undefined;
	// The source is read on while fewer than IN_FLIGHT writes wait for the compressor to take their
	// chunk; it takes the next only when its output is read. The writer's own queue is no bound:
	// Node counts its high-water mark in chunks, the compressor's in bytes (16 384 on Node 20,
	// 65 536 on Node 24).
	const feeding = (async () => {
		try {
			const writes: Array<Promise<void>> = [];
			for await (const chunk of source) {
				seen(chunk);
				const write = writer.write(chunk);
				// A failed write is seen where it is awaited, in order.
				write.catch(() => undefined);
				writes.push(write);
				if (writes.length >= IN_FLIGHT) await writes.shift();
			}
			for (const write of writes) await write;
			await writer.close();
		} catch (error) {
			failure ??= { error };
			await writer.abort(error).catch(() => undefined);
		}
	})();
	let done = false;
	try {
		for (;;) {
			let next: Awaited<ReturnType<typeof reader.read>>;
			try {
				next = await reader.read();
			} catch (error) {
				throw failure ? failure.error : error;
			}
			if (next.done) break;
			yield next.value;
		}
		done = true;
	} finally {
		// Stopped early (an error, or the reader went away): the source is stopped too.
		if (!done) await reader.cancel().catch(() => undefined);
		await feeding;
	}
	if (failure) throw failure.error;
}

export class ZipWriter {
	private offset = 0;
	private readonly written: Written[] = [];
	private readonly stamp = dosTime(new Date());

	private advance(bytes: number): void {
		this.offset += bytes;
		if (this.offset > LIMIT) tooBig();
	}

	/** One entry: its local header, its content deflated as `content` is read, its descriptor. */
	async *entry(name: string, content: Content): AsyncGenerator<Uint8Array> {
		if (this.written.length >= 0xffff)
			fail('The XLSX file would have more than 65,535 parts, which needs ZIP64');
		const encodedName = new TextEncoder().encode(name);
		const offset = this.offset;
		const header = Buffer.alloc(30);
		header.writeUInt32LE(LOCAL, 0);
		header.writeUInt16LE(VERSION, 4);
		header.writeUInt16LE(FLAGS, 6);
		header.writeUInt16LE(DEFLATE, 8);
		header.writeUInt16LE(this.stamp.time, 10);
		header.writeUInt16LE(this.stamp.date, 12);
		// CRC and sizes (14-25) are 0 here: the data descriptor has them. Extra (28): 0.
		header.writeUInt16LE(encodedName.length, 26);
		this.advance(header.length + encodedName.length);
		yield header;
		yield Buffer.from(encodedName);

		let crc = 0;
		let size = 0;
		let compressed = 0;
		for await (const chunk of deflated(content, (plain) => {
			crc = crc32(plain, crc);
			size += plain.length;
			if (size > LIMIT) tooBig();
		})) {
			compressed += chunk.length;
			this.advance(chunk.length);
			yield chunk;
		}
		const descriptor = Buffer.alloc(16);
		descriptor.writeUInt32LE(DESCRIPTOR, 0);
		descriptor.writeUInt32LE(crc, 4);
		descriptor.writeUInt32LE(compressed, 8);
		descriptor.writeUInt32LE(size, 12);
		this.advance(descriptor.length);
		yield descriptor;
		this.written.push({ name: encodedName, crc, compressed, size, offset });
	}

	/** The central directory and its end record: the archive's last bytes. */
	end(): Buffer {
		const parts: Buffer[] = [];
		let size = 0;
		for (const e of this.written) {
			const record = Buffer.alloc(46);
			record.writeUInt32LE(CENTRAL, 0);
			record.writeUInt16LE(VERSION, 4);
			record.writeUInt16LE(VERSION, 6);
			record.writeUInt16LE(FLAGS, 8);
			record.writeUInt16LE(DEFLATE, 10);
			record.writeUInt16LE(this.stamp.time, 12);
			record.writeUInt16LE(this.stamp.date, 14);
			record.writeUInt32LE(e.crc, 16);
			record.writeUInt32LE(e.compressed, 20);
			record.writeUInt32LE(e.size, 24);
			record.writeUInt16LE(e.name.length, 28);
			// Extra, comment, disk, internal and external attributes: 0.
			record.writeUInt32LE(e.offset, 42);
			parts.push(record, Buffer.from(e.name));
			size += record.length + e.name.length;
		}
		if (this.offset + size > LIMIT) tooBig();
		const end = Buffer.alloc(22);
		end.writeUInt32LE(EOCD, 0);
		end.writeUInt16LE(this.written.length, 8);
		end.writeUInt16LE(this.written.length, 10);
		end.writeUInt32LE(size, 12);
		end.writeUInt32LE(this.offset, 16);
		parts.push(end);
		return Buffer.concat(parts);
	}
}
