import { counted, FILE_BOUNDS } from './bounds';
import { fail } from '../params';
import { TextChunks } from './textChunks';
import { ZipWriter } from './zipWriter';

/**
 * A catalogue as an XLSX workbook, written as a stream without a dependency (the mirror of
 * xlsx.ts): every cell a text cell (inline string, in the Text number format), so that SKUs such
 * as `00123`, long UPCs and `1.50` keep every character; the header bold and frozen. A sheet
 * holds at most XLSX_SHEET_ROWS rows with its header: the rows after them go on the next sheet
 * ("Products 2", …), each with the header again.
 *
 * Cells as Excel reads them: a character XML cannot hold (a control character) is written as
 * `_xHHHH_`, and a text that looks like such an escape gets its `_` escaped (`_x005F_`), as
 * ECMA-376 (ST_Xstring) has it.
 */

/** Rows of a sheet, its header included (Excel's limit). */
export const XLSX_SHEET_ROWS = 1_048_576;
/** Characters of a cell (Excel's limit). */
export const XLSX_CELL_CHARS = 32_767;

export interface XlsxWriteOptions {
	/** The first sheet's name; the next are "<name> 2", "<name> 3", … */
	sheetName: string;
	/** Rows per sheet, the header included (tests use a small one). */
	sheetRows?: number;
	/** Told each sheet's name as it starts. */
	onSheet?: (name: string) => void;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Styles: 0 default, 1 the header (bold), 2 a text cell (number format 49, "@"). */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const HEADER_STYLE = 1;
const TEXT_STYLE = 2;

/** A column's letters: 0 → A, 26 → AA. */
export function columnName(index: number): string {
	let name = '';
	for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
		name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
	return name;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Characters XML 1.0 cannot hold (but tab and line feed), and CR, which XML reads as a line feed.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ufffe\uffff]/g;
const LOOKS_ESCAPED = /_(x[0-9A-Fa-f]{4}_)/g;

/** Anything xmlText changes: most values have none of it and are taken as they are. */
// eslint-disable-next-line no-control-regex
const TO_ESCAPE = /[&<>"\x00-\x08\x0b-\x1f\ufffe\uffff]|_x[0-9A-Fa-f]{4}_/;

/** A text as the content of a `<t>` element (or an attribute value). */
export function xmlText(value: string): string {
	if (!TO_ESCAPE.test(value)) return value;
	return value
		.replace(LOOKS_ESCAPED, '_x005F_$1')
		.replace(/[&<>"]/g, (c) => ESCAPES[c])
		.replace(CONTROL, (c) =>
			c === '\r' ? '&#13;' : `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
		);
}

const SHEET_HEAD = `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

/**
 * Whitespace a reader may trim or fold unless the cell says to keep it (`xml:space="preserve"`):
 * at either end, two in a row, a tab or a line break. Only a cell with some gets the attribute.
 */
const KEEP_SPACES = /^\s|\s$|\s\s|[\t\n\r]/;

function rowXml(number: number, cells: string[], style: number, columns: string[]): string {
	let xml = `<row r="${number}">`;
	for (let i = 0; i < cells.length; i++) {
		const value = cells[i];
		if (value === '') continue;
		const space = KEEP_SPACES.test(value) ? ' xml:space="preserve"' : '';
		xml += `<c r="${columns[i]}${number}" s="${style}" t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
	}
	return `${xml}</row>`;
}

/**
 * The workbook's bytes: its sheets as `rows` gives their rows, `sheetRows` a sheet (the first even
 * when there is no row: the header alone), then the parts that name them.
 */
export async function* xlsxFile(
	header: string[],
	rows: AsyncIterable<string[]>,
	options: XlsxWriteOptions,
): AsyncGenerator<Buffer | Uint8Array> {
	if (header.length > FILE_BOUNDS.columns)
		fail(
			`An XLSX sheet holds at most ${counted(FILE_BOUNDS.columns)} columns; this export has ${counted(header.length)}`,
			'Pick the columns with Export Options → Columns, or export as CSV.',
		);
	const zip = new ZipWriter();
	const sheetRows = Math.max(2, options.sheetRows ?? XLSX_SHEET_ROWS);
	const columns = header.map((_, i) => columnName(i));
	const names: string[] = [];
	const iterator = rows[Symbol.asyncIterator]();
	let next = await iterator.next();
	try {
		do {
			const name = names.length ? `${options.sheetName} ${names.length + 1}` : options.sheetName;
			names.push(name);
			options.onSheet?.(name);
			const sheet = async function* (): AsyncGenerator<Buffer> {
				const text = new TextChunks();
				text.add(SHEET_HEAD);
				text.add(rowXml(1, header, HEADER_STYLE, columns));
				for (let number = 2; number <= sheetRows && !next.done; number++) {
					text.add(rowXml(number, next.value, TEXT_STYLE, columns));
					const chunk = text.take();
					if (chunk) yield chunk;
					next = await iterator.next();
				}
				text.add(SHEET_END);
				yield text.take(true)!;
			};
			yield* zip.entry(`xl/worksheets/sheet${names.length}.xml`, sheet());
		} while (!next.done);
	} finally {
		if (!next.done) await iterator.return?.();
	}
	for (const [name, text] of workbookParts(names))
		yield* zip.entry(name, [Buffer.from(text, 'utf8')]);
	yield zip.end();
}

/** The parts that name the sheets (`names`, in order), after them: [path, XML] in archive order. */
function workbookParts(names: string[]): Array<[string, string]> {
	const each = (part: (name: string, n: number) => string) =>
		names.map((name, i) => part(name, i + 1)).join('');
	const sheets = each(
		(name, n) => `<sheet name="${xmlText(name)}" sheetId="${n}" r:id="rId${n}"/>`,
	);
	const sheetRels = each(
		(_, n) =>
			`<Relationship Id="rId${n}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
	);
	const sheetTypes = each(
		(_, n) =>
			`<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
	);
	return [
		[
			'xl/workbook.xml',
			`${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`,
		],
		[
			'xl/_rels/workbook.xml.rels',
			`${XML_HEAD}<Relationships xmlns="${RELS}">${sheetRels}<Relationship Id="rId${names.length + 1}" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
		],
		['xl/styles.xml', STYLES],
		[
			'_rels/.rels',
			`${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
		],
		[
			'[Content_Types].xml',
			`${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetTypes}</Types>`,
		],
	];
}
