import type { IDataObject } from 'n8n-workflow';

import type { MultiSelectForm } from '../../../shared/connection';
import type { ProductBody } from './body';
import type { ImportOptions } from '../descriptions/imports';
import type { AccountNeeds, References } from '../account/lists';
import type { ColumnsInput } from './mapping';
import type { RowWarning, WriteNotes } from './report';

/** What passes between the stages of a product write (write.ts), as types. */

/** A row's place in its product group (Import Options → Group By), as the row joined it. */
export interface GroupPlace {
	/** The group: Group By's value for the row. */
	group: string;
	index: number;
	/** What the row's output says of its filling (a parameter Group By cannot fill). */
	warnings: RowWarning[];
}

/**
 * A row of a product group, kept once its SKU is read (a row whose parameters cannot be read is
 * never kept): a product row's SKU, or the images of a row without its own SKU.
 */
export type GroupRow = { index: number; sku: string } | { index: number; images: string[] };

/** A product row's body as resolved, and its own images (`lead`, Shopify's Variant Image). */
export interface GroupBody {
	body: ProductBody;
	lead: string[];
}

/** A product group: its rows in order, their bodies once resolved, each field's first value. */
export interface Group {
	rows: GroupRow[];
	/** The product rows' bodies by row index, kept once resolved (a bad row has none). */
	bodies: Map<number, GroupBody>;
	/** Each field's value in the first row of the group that has one (the SKU's own excepted). */
	firsts: IDataObject;
}

/** A version-2 row, read: its body (names as given), its mapper input, its Import Options. */
export interface RowRead {
	body: ProductBody;
	columns: ColumnsInput;
	imports: ImportOptions;
	/** The row's place in its product group (Import Options → Group By). */
	group?: GroupPlace;
	/** Continue On Fail: the row stands alone, it waits for no other. */
	alone: boolean;
	first: boolean;
	/** The run's rows, as its report counts them. */
	rows: number;
	/**
	 * Import File's Language Column gave the row's language; `compared`: it is the Language
	 * parameter's, the language a product record is compared in.
	 */
	rowLanguage?: { compared: boolean };
	/** What its write reads from the account (readAccount, lists.ts). */
	needs: AccountNeeds;
}

/** A row of a product group without its own SKU: its images are kept in its group (groups.ts). */
export interface ImagesForGroup {
	imagesFor: GroupPlace;
	needs: AccountNeeds;
}

/** A row of version 1: its body, read when its request is sent (its parameters then). */
export interface RowAsBefore {
	version: 1;
	body: () => ProductBody;
	needs: AccountNeeds;
}

/** A write with its body resolved: everything the wire stage (wire.ts) puts in a form. */
export interface ResolvedWrite
	extends Omit<ProductWrite, 'form' | 'languages' | 'multiSelectForm'> {
	/** The bodies of the product's other languages (Import Options → All Languages). */
	languages: Array<{ language: string; body: ProductBody }>;
}

/** A product write, ready to compare and send. */
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
	 * What the output item says besides the answer (version 2), said by notesOf when the item is
	 * written; its `run` part is complete only once every item of the run is prepared (WriteNotes).
	 */
	notes: WriteNotes;
	/** The row's warnings (version 2): their texts (RowWarning); the run's report counts them. */
	warnings: string[];
	/**
	 * Import Options → All Languages (version 2): the product's other languages, each sent as an
	 * update after the write of `body` (the Language parameter's first).
	 */
	languages: Array<{ language: string; body: ProductBody; form: () => string }>;
	/** Import Options → Group By: the row's place in its group (the group stage: groups.ts). */
	group?: GroupPlace;
	/**
	 * A write in another language than the one a product record shows (Import File's Language
	 * Column): never compared with the record, so always sent.
	 */
	notCompared?: true;
	/** The account's form of multi-select values (the group stage puts its write on the wire). */
	multiSelectForm: MultiSelectForm;
}
