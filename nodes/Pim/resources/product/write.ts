import type { IDataObject } from 'n8n-workflow';

import type { ProductRow } from './row';
import { all, once, andThen, type Later, type PimRun } from '../../shared/run';
import type { MultiSelectForm } from '../../shared/connection';
import { formValue, serializeForm, type FormField } from '../../shared/serializer';
import type { PimClient } from '../../shared/transport';
import { text } from '../../shared/records';
import type { ProductBody } from './body';
import { groupBody, notWritten, type Member } from './groups';
import { catalogFor, mappedValues, type MappedValues } from './mapping';
import { severalCurrencies } from './conventions';
import { columnNotes, reportOf } from './report';
import { readProductWrite, type ItemWrite, type WriteInput } from './read';
import { recordPathOf } from './categories';
import { accountChannels, accountCurrencies, checkLanguages, type References } from './lists';
import { channelNames } from './names';
import { resolveNames, type ResolvedNames } from './references';

/**
 * The one way into a product write, for Create, Update and Create or Update of both versions:
 * the item's parameters, read and checked (read.ts, body.ts) → in version 2 the attribute mapper's
 * values, family, channels and categories resolved to codes → the form on the wire (productFields).
 */
export interface ProductWrite {
	/**
	 * The body. Version 2: read, checked and resolved before the write (the run's round checks
	 * every item first, shared/round.ts). Version 1: read when first asked for, in the request's
	 * turn (PimRequest.body in shared/transport.ts).
	 */
	body: () => ProductBody;
	/** The account's lists the body was resolved against (version 2; none in version 1). */
	lists: References;
	/** The form on the wire; `isDataOverwrite`, when given, replaces the body's. */
	form: (isDataOverwrite?: boolean) => string;
	/**
	 * What the output item says besides the answer (version 2), asked when the item is written:
	 * `skippedCategories` (Import Options → Unknown Categories: Skip) with
	 * `itemsWithSkippedCategories` (how many items of the run skipped some, once every item is
	 * prepared: not with Continue On Fail, where items do not wait for each other), `warnings` (a
	 * category in the tree of a channel the write does not assign).
	 */
	notes: () => IDataObject;
	/**
	 * Whether `notes` speak of the whole run (the first item's report of the run's columns, the
	 * count of items with skipped categories), and so are complete only once every item of the
	 * run is prepared.
	 */
	notesOfRun: boolean;
	/**
	 * Import Options → All Languages (version 2): the bodies of the product's other languages,
	 * each sent as an update after the write of `body` (the Language parameter's first).
	 */
	languages: Array<{ language: string; body: ProductBody; form: () => string }>;
	/**
	 * Import Options → Group By: what the item outputs instead of writing, when another row of its
	 * group writes its product (asked when the item would write).
	 */
	instead?: () => IDataObject | undefined;
}

/**
 * Every product write is prepared here, in stages: the item's parameters (read.ts), then in
 * version 2 the account (the mapper's values, languages and names: resolveWrite), then the wire.
 * Version 2 reads the account (attributes, reference lists) once per execution: once those reads
 * are in, the write is prepared in one go, nothing awaited (Later, shared/run.ts); before, it goes
 * on when they arrive.
 */
export function prepareProductWrite(
	item: ProductRow,
	mode: 'create' | 'update',
	pim: PimClient,
): Later<ProductWrite> {
	return writeOf(item.run, pim, readProductWrite(item, mode));
}

/** The stages after the item's: the account's (version 2), then the form on the wire. */
function writeOf(run: PimRun, pim: PimClient, input: WriteInput): Later<ProductWrite> {
	const resolved: Later<ResolvedWrite> =
		input.version === 1
			? { body: input.body, lists: {}, notes: () => ({}), notesOfRun: false, languages: [] }
			: 'imagesOf' in input
				? imagesOnly(run, input.imagesOf)
				: resolveWrite(run, pim, input);
	return andThen(
		all([resolved, pim.connection()]),
		([{ body, lists, notes, notesOfRun, languages, instead }, { multiSelectForm }]) => ({
			body,
			lists,
			notes,
			notesOfRun,
			instead,
			languages: languages.map((l) => ({
				...l,
				form: () => serializeForm(productFields(l.body, multiSelectForm)),
			})),
			form: formOnce((isDataOverwrite?: boolean) =>
				serializeForm(
					productFields(
						isDataOverwrite === undefined ? body() : { ...body(), isDataOverwrite },
						multiSelectForm,
					),
				),
			),
		}),
	);
}

/**
 * The form on the wire, made once for each way it is sent (with or without Overwrite Data): the
 * comparison, the catalogue's record of what was written and the request all take that one form.
 */
function formOnce(make: (isDataOverwrite?: boolean) => string) {
	const made = new Map<boolean | undefined, string>();
	return (isDataOverwrite?: boolean): string => {
		let form = made.get(isDataOverwrite);
		if (form === undefined) made.set(isDataOverwrite, (form = make(isDataOverwrite)));
		return form;
	};
}

/** With other languages written, the output item names every language of the product's writes. */
export function languagesNote(write: ProductWrite): IDataObject {
	return write.languages.length
		? { languages: [write.body().languageCode, ...write.languages.map((l) => l.language)] }
		: {};
}

type ResolvedWrite = Omit<ProductWrite, 'form' | 'languages'> & {
	languages: Array<{ language: string; body: ProductBody }>;
};

/** A row of a product group without its own SKU: it outputs what became of its images. */
function imagesOnly(run: PimRun, member: Member): ResolvedWrite {
	return {
		body: () => {
			throw new Error('A row of a product group without its own SKU writes nothing');
		},
		lists: {},
		notes: () => ({}),
		notesOfRun: false,
		languages: [],
		instead: () => notWritten(run, member),
	};
}

/** The mapper's values joined to the body read, its languages checked, its names resolved. */
function resolveWrite(run: PimRun, pim: PimClient, input: ItemWrite): Later<ResolvedWrite> {
	const { body: read, columns, imports, alone } = input;
	// One price in several currencies, none chosen: the account's currencies decide.
	const currencies =
		columns.mode === 'autoMapInputData' && !imports.currency && severalCurrencies(columns.row)
			? accountCurrencies(run, pim)
			: undefined;
	// A column's channel suffix is compared with the write's channels by their codes and names.
	const given = (read.channels ?? []).map((c) => c.code);
	const channelList =
		columns.mode === 'autoMapInputData' && given.length ? accountChannels(run, pim) : undefined;
	const lists = all([catalogFor(run, pim, columns), currencies, channelList]);
	return andThen(lists, ([catalog, accountCodes, channels]) => {
		const mapped = mappedValues(columns, catalog, {
			language: read.languageCode,
			channels: channels ? channelNames(channels, given, imports.channel) : given.map((c) => [c]),
			currency: imports.currency,
			allLanguages: imports.allLanguages,
			channel: imports.channel,
			accountCurrencies: accountCodes,
		});
		const { attributes, multiSelectAttributes, languages } = mapped;
		const checked = languages.length
			? checkLanguages(
					run,
					pim,
					languages.map((l) => l.language),
				)
			: undefined;
		return andThen(checked, () =>
			andThen(
				resolveNames(run, pim, { ...read, attributes, multiSelectAttributes }, imports, alone),
				(named) => joinedWrite(run, input, mapped, named),
			),
		);
	});
}

/** The write of a version-2 item, its names resolved: what ProductWrite needs but the form. */
function joinedWrite(
	run: PimRun,
	{ member, alone, first, rows }: ItemWrite,
	{ unmapped, byConvention, languages, images: lead, warnings: valueWarnings }: MappedValues,
	{ body: named, lists, notes, countsRun }: ResolvedNames,
): ResolvedWrite {
	// Where the input fields went, said once per run on its first item (see notes).
	const report = reportOf(run);
	report.addColumns(unmapped, byConvention);
	const warnings = [...valueWarnings, ...(member?.warnings ?? [])];
	if (warnings.length) report.rowsWithWarnings++;
	// A column's own images (Shopify's Variant Image) come before the product's.
	const body = lead.length
		? { ...named, images: unique([...lead, ...(named.images ?? [])]) }
		: named;
	// A group's product gets its group's images and lists when it writes (groups.ts); its
	// members share their rows' images, not their variants' own.
	if (member) member.body = named;
	return {
		body: member ? once(() => groupBody(run, member, named, lead)) : () => body,
		lists,
		notesOfRun: !alone && (first || countsRun),
		instead: member ? () => notWritten(run, member) : undefined,
		languages: languages.map(({ language, values: own }) => ({
			language,
			// The product's other language: its SKU and that language's values, nothing else.
			body: { sku: body.sku, languageCode: language, ...own },
		})),
		notes: () => {
			const own = notes();
			// With Continue On Fail items do not wait for each other: each says its own row.
			const columns = alone
				? columnNotes(
						unmapped,
						byConvention.map(([c, t]) => [c, [t]]),
					)
				: first
					? report.notes(rows)
					: {};
			const allWarnings = [...((own.warnings as string[] | undefined) ?? []), ...warnings];
			return {
				...own,
				...columns,
				...(allWarnings.length ? { warnings: allWarnings } : {}),
			};
		},
	};
}

const unique = (list: string[]) => [...new Set(list)];

/**
 * What a write of `body` would send, as product records name it (a dry run's create): the
 * family, channels, categories as their title paths, images, and each attribute's value.
 */
export function wouldSend(body: ProductBody, lists: References): IDataObject {
	const values: IDataObject = {};
	if (body.familyCode) {
		const family = lists.families?.find((f) => text(f.code) === body.familyCode);
		values.family = text(family?.title) || body.familyCode;
	}
	if (body.channels?.length) values.channels = body.channels.map((c) => c.code);
	if (body.categories?.length)
		values.category = body.categories.map(
			(c) => recordPathOf(lists, c.code, c.channel).path ?? c.code,
		);
	if (body.images?.length) values.image = body.images;
	for (const { code, value } of body.attributes ?? []) values[code] = formValue(value);
	for (const { code, values: list } of body.multiSelectAttributes ?? []) values[code] = list;
	return values;
}

// ---- the wire: the one place a product write becomes form fields ----

export function multiSelectKey(code: string, form: MultiSelectForm): string {
	return form === 'plain' ? `${code}[]` : `${code}-multi-select[]`;
}

/** The fields of a product create/update body, in the order the interface lists them. */
export function productFields(product: ProductBody, form: MultiSelectForm): FormField[] {
	const fields: FormField[] = [['sku', product.sku]];
	if (product.familyCode) fields.push(['family_code', product.familyCode]);
	fields.push(['language_code', product.languageCode]);
	if (product.isDataOverwrite !== undefined)
		fields.push(['is_data_overwrite', product.isDataOverwrite]);

	(product.channels ?? []).forEach((channel, i) => {
		fields.push([`channel[${i}][code]`, channel.code]);
		if (channel.status !== undefined) fields.push([`channel[${i}][status]`, channel.status]);
		if (channel.completenessStatus) {
			fields.push([`channel[${i}][completeness_status]`, channel.completenessStatus]);
		}
	});
	for (const attribute of product.attributes ?? []) fields.push([attribute.code, attribute.value]);
	for (const attribute of product.multiSelectAttributes ?? []) {
		const key = multiSelectKey(attribute.code, form);
		for (const value of attribute.values) fields.push([key, value]);
	}
	for (const image of product.images ?? []) fields.push(['image[]', image]);
	(product.categories ?? []).forEach((category, i) => {
		fields.push([`category[${i}][code]`, category.code]);
		if (category.channel) fields.push([`category[${i}][channel]`, category.channel]);
	});
	return fields;
}
