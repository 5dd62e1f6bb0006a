/**
 * The XML reader of XLSX parts (shared/file/xml.ts): tags read in place, attributes as
 * spreadsheet writers spell them (either quote, spaces around `=`, prefixes, entities), comments
 * and CDATA that hold `>`, and a document cut anywhere into chunks reads the same.
 */
import { xmlEvents, type XmlEvent } from '../../nodes/Pim/shared/file/xml';

async function read(chunks: string[]): Promise<XmlEvent[]> {
	const out: XmlEvent[] = [];
	for await (const events of xmlEvents(
		(async function* () {
			yield* chunks;
		})(),
		() => 'the part',
	))
		out.push(...events);
	return out;
}

const DOCUMENT =
	`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
	`<x:worksheet xmlns:x="urn:x" xmlns:r='urn:r'><!-- a > in a comment -->` +
	`<x:row r = "2" spans='1:3' x:hidden="0"><c r="A2" t="s"><v>12</v></c>` +
	`<c r='B2' t="inlineStr"><is><t xml:space="preserve"> R&amp;D &lt;1&gt; &#x41;&#66; </t></is></c>` +
	`<c r="C2" t="str"><v><![CDATA[a > b & c]]></v></c><c r="D2" s="3"/></x:row></x:worksheet>`;

const EXPECTED: XmlEvent[] = [
	{ kind: 'text', text: '\n' },
	{ kind: 'open', name: 'worksheet', attributes: { x: 'urn:x', r: 'urn:r' }, selfClosing: false },
	{
		kind: 'open',
		name: 'row',
		attributes: { r: '2', spans: '1:3', hidden: '0' },
		selfClosing: false,
	},
	{ kind: 'open', name: 'c', attributes: { r: 'A2', t: 's' }, selfClosing: false },
	{ kind: 'open', name: 'v', attributes: {}, selfClosing: false },
	{ kind: 'text', text: '12' },
	{ kind: 'close', name: 'v' },
	{ kind: 'close', name: 'c' },
	{ kind: 'open', name: 'c', attributes: { r: 'B2', t: 'inlineStr' }, selfClosing: false },
	{ kind: 'open', name: 'is', attributes: {}, selfClosing: false },
	{ kind: 'open', name: 't', attributes: { space: 'preserve' }, selfClosing: false },
	{ kind: 'text', text: ' R&D <1> AB ' },
	{ kind: 'close', name: 't' },
	{ kind: 'close', name: 'is' },
	{ kind: 'close', name: 'c' },
	{ kind: 'open', name: 'c', attributes: { r: 'C2', t: 'str' }, selfClosing: false },
	{ kind: 'open', name: 'v', attributes: {}, selfClosing: false },
	{ kind: 'text', text: 'a > b & c' },
	{ kind: 'close', name: 'v' },
	{ kind: 'close', name: 'c' },
	{ kind: 'open', name: 'c', attributes: { r: 'D2', s: '3' }, selfClosing: true },
	{ kind: 'close', name: 'row' },
	{ kind: 'close', name: 'worksheet' },
];

it('reads tags, attributes, entities, comments and CDATA as written', async () => {
	expect(await read([DOCUMENT])).toEqual(EXPECTED);
});

it('reads the same whatever chunks the document comes in (every cut point, and one character at a time)', async () => {
	// Text runs cut by a chunk come as pieces: compare them joined.
	const joined = (events: XmlEvent[]) =>
		events.reduce<XmlEvent[]>((out, e) => {
			const last = out[out.length - 1];
			if (e.kind === 'text' && last?.kind === 'text') last.text += e.text;
			else out.push({ ...e });
			return out;
		}, []);
	for (let cut = 1; cut < DOCUMENT.length; cut++)
		expect(joined(await read([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)]))).toEqual(EXPECTED);
	expect(joined(await read([...DOCUMENT]))).toEqual(EXPECTED);
});
