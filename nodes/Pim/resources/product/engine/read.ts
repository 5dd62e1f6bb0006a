import { optionalString } from '../../../shared/params';
import { fold, text, withFields } from '../../../shared/records';
import { productBody, productImages, type ProductBody } from './body';
import type { ImportOptions } from '../descriptions/imports';
import { NOTHING, type AccountNeeds, type ReferenceKind } from '../account/lists';
import { severalCurrencies } from '../conventions';
import { keepInGroup } from './groups';
import type { WritePlan } from './plan';
import type { ProductRow } from './row';
import type { GroupPlace, ImagesForGroup, RowRead, RowAsBefore } from './stages';

/**
 * The row stage of a product write (write.ts): every parameter the write needs, read from its row
 * once (expressions are costly) and checked before the account is read.
 */

/**
 * The row, read over its fields (filled from its group when it has one); version 1 reads its body
 * when its request is sent. A row of a group without its own SKU gives only its images.
 */
export function readRow(
	source: ProductRow,
	mode: 'create' | 'update',
	imports: ImportOptions,
	readByParameters: Set<string>,
	/** The row's place in its product group, which keeps the row once its SKU is read. */
	group?: { place: GroupPlace; plan: WritePlan },
): RowAsBefore | ImagesForGroup | RowRead {
	if (source.version < 2) {
		let body: ProductBody | undefined;
		return {
			version: 1,
			body: () => (body ??= productBody(source.bodyParams(mode), mode, 1)),
			needs: NOTHING,
		};
	}
	const params = source.bodyParams(mode);
	const columns = source.mapperInput(readByParameters);
	if (group) {
		const { place, plan } = group;
		const sku = optionalString(params.sku);
		if (sku === undefined) {
			const images = productImages(params.images, true, imports.imageBaseUrl);
			keepInGroup(plan, place, { index: place.index, images });
			return { imagesFor: place, needs: NOTHING };
		}
		// A product row of its group from here, its values checked or not (groups.ts, grouped).
		keepInGroup(plan, place, { index: place.index, sku });
	}
	const given = productBody(params, mode, 2, imports.imageBaseUrl);
	// Import Options → Language Map reads the row's language as the account names it.
	const language = imports.language(given.languageCode);
	const body =
		language === given.languageCode ? given : withFields(given, { languageCode: language });
	// What its write reads from the account: the attributes that type its values, the lists
	// its names are resolved against (and its columns' channel suffixes compared with), the
	// currencies that decide between a price's columns, the languages of other-language columns.
	const auto = columns.mode === 'autoMapInputData';
	const lists = new Set<ReferenceKind>();
	if (body.familyCode) lists.add('family');
	if (body.channels?.length || body.categories?.some((c) => c.channel)) lists.add('channel');
	if (body.categories?.length) lists.add('category').add('channel');
	const needs: AccountNeeds = {
		attributes: auto || Object.keys(columns.values).length > 0,
		lists,
		// One price in several currencies, none chosen: the account's currencies decide.
		currencies: auto && !imports.currency && severalCurrencies(columns.row),
		languages: (auto && imports.allLanguages) || params.languageParameter !== undefined,
	};
	return {
		body,
		columns,
		imports,
		group: group?.place,
		alone: source.continueOnFail(),
		first: source.index === 0,
		rows: source.rowsInRun() ?? 1,
		...(params.languageParameter === undefined
			? {}
			: { rowLanguage: { compared: sameLanguage(language, params.languageParameter, imports) } }),
		needs,
	};
}

/**
 * Whether a row's own language (Language Column) is the Language parameter's: a product record
 * shows the product in one language, taken to be Language's, so only a row in it is compared.
 */
function sameLanguage(language: string, parameter: unknown, imports: ImportOptions): boolean {
	const given = text(parameter).trim();
	return given !== '' && fold(imports.language(given)) === fold(language);
}
