import type { IDataObject } from 'n8n-workflow';

import type { PimItem } from '../../../shared/item';
import type { PimRun } from '../../../shared/run';
import type { BodyParams } from '../engine/body';
import { mappingMode, mappingOptions, type ColumnsInput } from '../engine/mapping';
import { planOf } from '../engine/plan';
import type { ParametersRead, ProductRow } from '../engine/row';

/**
 * An n8n item as a product write's row (row.ts): each value is its parameter as n8n evaluates it
 * for the item (PimItem.param: `{{ $json.field }}` read directly, any other expression n8n's).
 */
export class ItemRow implements ProductRow {
	constructor(private readonly item: PimItem) {}

	get index(): number {
		return this.item.index;
	}

	get version(): number {
		return this.item.version;
	}

	get run(): PimRun {
		return this.item.run;
	}

	bodyParams(mode: 'create' | 'update'): BodyParams {
		const read = <T>(name: string, fallback: T) => this.item.param<T>(name, fallback);
		return {
			sku: read<unknown>('sku', ''),
			languageCode: read<unknown>('languageCode', ''),
			familyCode: mode === 'create' ? read<unknown>('familyCode', '') : undefined,
			updateFields: mode === 'update' ? read<IDataObject>('updateFields', {}) : {},
			channels: read<IDataObject>('channels', {}),
			categories: read<IDataObject>('categories', {}),
			images: read<unknown>('images', []),
			...(this.version < 2
				? {
						attributes: read<IDataObject>('attributes', {}),
						multiSelectAttributes: read<IDataObject>('multiSelectAttributes', {}),
					}
				: {}),
		};
	}

	importOptions(): IDataObject {
		return this.item.param<IDataObject>('importOptions', {});
	}

	mapperInput(readByParameters: Set<string>): ColumnsInput {
		if (mappingMode(this.item.parameters) === 'autoMapInputData')
			return {
				mode: 'autoMapInputData',
				row: this.item.row(),
				options: mappingOptions(
					this.item.param<IDataObject>('mappingOptions', {}),
					readByParameters,
				),
			};
		const columns = this.item.evaluated<IDataObject>('columns', {});
		const values =
			columns.value && typeof columns.value === 'object' ? (columns.value as IDataObject) : {};
		return { mode: 'defineBelow', values };
	}

	parametersRead(): ParametersRead {
		return planOf(this.run).parametersRead(this.item.parameters);
	}

	row(): IDataObject {
		return this.item.row();
	}

	fill(filled: IDataObject): void {
		this.item.fill(filled);
	}

	inputRow(): IDataObject {
		return this.item.inputRow();
	}

	skuField(): string | undefined {
		return this.item.fieldOf('sku');
	}

	continueOnFail(): boolean {
		return this.item.continueOnFail();
	}

	rowsInRun(): number | undefined {
		return this.item.rowsInRun();
	}
}
