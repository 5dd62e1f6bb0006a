#!/usr/bin/env node
'use strict';
/**
 * A hostile file is refused, never followed (#44, point 10), in process against the built readers
 * (dist/): files of hundreds of MB made to exhaust what reads them, each generated as a stream (never
 * held whole by the bench), read by Import File's CSV or XLSX reader until it refuses them. Prints
 * what was read before the refusal, the time, and the reader's peak memory over the heap before it
 * (heap and array buffers, sampled between chunks) against what the bounds allow it to hold (a
 * row's bound of characters at two bytes each, and a few chunks), as a ratio.
 *
 *   node --expose-gc bench/hostile-file.js [--mb 400]
 */
const path = require('node:path');
const zlib = require('node:zlib');

const dist = process.env.PIM_BENCH_DIST || path.join(__dirname, '..', 'dist');
const { csvRecords } = require(path.join(dist, 'nodes/Pim/shared/file/csv.js'));
const { xlsxRecords } = require(path.join(dist, 'nodes/Pim/shared/file/xlsx.js'));
const { FILE_BOUNDS } = require(path.join(dist, 'nodes/Pim/shared/file/bounds.js'));

const arg = (name, fallback) => {
	const at = process.argv.indexOf(`--${name}`);
	return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const MB = 1048576;
const SIZE = arg('mb', 400) * MB;
const CHUNK = 256 * 1024;

const used = () => {
	const { heapUsed, arrayBuffers } = process.memoryUsage();
	return heapUsed + arrayBuffers;
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** `start`, then `filler` up to `size` bytes, as chunks; `read()` counts the bytes given. */
function stream(start, filler, size) {
	let given = 0;
	// Whole characters only: a chunk never ends inside one.
	const piece = Buffer.from(filler.repeat(Math.floor(CHUNK / Buffer.byteLength(filler))));
	return {
		chunks: (async function* () {
			given += start.length;
			yield Buffer.from(start);
			while (given < size) {
				await tick();
				given += piece.length;
				yield piece;
			}
		})(),
		read: () => given,
	};
}

/**
 * The fields a local header and its central directory entry share, from `at` (8 in the first, 10
 * in the second): method, compressed size, size, name length.
 */
function sharedFields(header, at, method, compressed, size, nameLength) {
	header.writeUInt16LE(method, at);
	header.writeUInt32LE(compressed, at + 10);
	header.writeUInt32LE(size, at + 14);
	header.writeUInt16LE(nameLength, at + 18);
}

/** A ZIP archive of `entries` ({ name, content, deflated?, size?: the size stated }). */
function zip(entries) {
	const locals = [];
	const central = [];
	let offset = 0;
	for (const { name, content, deflated, size } of entries) {
		const data = deflated ?? content;
		const nameBytes = Buffer.from(name);
		const fields = [deflated ? 8 : 0, data.length, size ?? content.length, nameBytes.length];
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4);
		sharedFields(local, 8, ...fields);
		const entry = Buffer.alloc(46);
		entry.writeUInt32LE(0x02014b50, 0);
		entry.writeUInt16LE(20, 4);
		entry.writeUInt16LE(20, 6);
		sharedFields(entry, 10, ...fields);
		entry.writeUInt32LE(offset, 42);
		locals.push(local, nameBytes, data);
		central.push(entry, nameBytes);
		offset += 30 + nameBytes.length + data.length;
	}
	const directory = Buffer.concat(central);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(entries.length, 8);
	end.writeUInt16LE(entries.length, 10);
	end.writeUInt32LE(directory.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, directory, end]);
}

/** A workbook whose sheet is `head`, then `size` bytes of spaces (deflated as a stream), then `tail`. */
async function bombWorkbook(size, statedSize) {
	const deflate = zlib.createDeflateRaw({ level: 9 });
	const out = [];
	deflate.on('data', (d) => out.push(d));
	const done = new Promise((resolve) => deflate.on('end', resolve));
	const head =
		'<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>sku</t></is></c></row>';
	const tail = '</sheetData></worksheet>';
	deflate.write(head);
	const spaces = Buffer.alloc(MB, ' ');
	for (let written = 0; written < size; written += MB)
		if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
	deflate.end(tail);
	await done;
	const sheet = Buffer.concat(out);
	const text = (s) => Buffer.from(s);
	return zip([
		{
			name: 'xl/workbook.xml',
			content: text('<workbook><sheets><sheet name="Products" r:id="rId1"/></sheets></workbook>'),
		},
		{
			name: 'xl/_rels/workbook.xml.rels',
			content: text(
				'<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
			),
		},
		{
			name: 'xl/worksheets/sheet1.xml',
			content: Buffer.alloc(0),
			deflated: sheet,
			size: statedSize ?? head.length + size + tail.length,
		},
	]);
}

async function measure(name, read, given) {
	global.gc();
	global.gc();
	const before = used();
	let peak = before;
	const sampler = setInterval(() => (peak = Math.max(peak, used())), 2);
	const started = process.hrtime.bigint();
	let refused = 'not refused';
	let rows = 0;
	try {
		for await (const _ of read()) rows++;
	} catch (error) {
		refused = error.message;
	}
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	peak = Math.max(peak, used());
	clearInterval(sampler);
	const allowed = 2 * FILE_BOUNDS.row + 4 * CHUNK;
	const over = (peak - before) / MB;
	console.log(
		`| ${name} | ${(given() / MB).toFixed(1)} MB | ${rows} | ${ms.toFixed(0)} ms | ${over.toFixed(1)} MB | ${(allowed / MB).toFixed(1)} MB | ${(over / (allowed / MB)).toFixed(2)} | ${refused} |`,
	);
}

(async () => {
	if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc');
	console.log(`Hostile files of ${SIZE / MB} MB, node ${process.version}\n`);
	console.log(
		'| file | read before refused | records | time | peak memory over before | allowed | ratio | error |',
	);
	console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
	const header = stream('sku,name', 'a', SIZE);
	await measure('CSV: a header line without end', () => csvRecords(header.chunks), header.read);
	const line = stream('sku,name\nA-1,one\nA-2,', 'b', SIZE);
	await measure(
		'CSV: an unquoted line of the whole file',
		() => csvRecords(line.chunks),
		line.read,
	);
	const quote = stream('sku,name\nA-1,one\nA-2,"two\n', 'A-3,three\n', SIZE);
	await measure(
		'CSV: a quote never closed, rows after it',
		() => csvRecords(quote.chunks),
		quote.read,
	);
	const multi = stream('sku,name\nA-1,one\nA-2,', '日本', SIZE);
	await measure(
		'CSV: a line of Japanese (two bytes a character in memory)',
		() => csvRecords(multi.chunks),
		multi.read,
	);

	const honest = await bombWorkbook(SIZE);
	await measure(
		`XLSX: a sheet of ${SIZE / MB} MB in ${(honest.length / 1024).toFixed(0)} KB (stated)`,
		() => xlsxRecords(honest),
		() => honest.length,
	);
	const lying = await bombWorkbook(SIZE, 65536);
	await measure(
		`XLSX: the same sheet stated as 64 KB`,
		() => xlsxRecords(lying),
		() => lying.length,
	);
})();
