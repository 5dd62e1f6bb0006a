import type { IDataObject } from 'n8n-workflow';

import type { PimRun } from '../../../shared/run';
import type { PimClient } from '../../../shared/transport';
import type { Catalogue } from '../account/catalogue';
import { decide } from '../engine/send';
import type { SyncOptions } from '../engine/sync';
import type { RowOutcome } from './fileReport';
import type { ImportLedger } from './ledger';
import type { FileLine, Outcome } from '../sources/source';
import type { ProductWrite } from '../engine/stages';
import { grouped } from '../engine/groups';
import type { WritePlan } from '../engine/plan';

/**
 * A prepared row of a catalogue file, decided and written as Create or Update decides an item
 * (sync.ts, decide), against the catalogue read once.
 */

/**
 * Rows whose writes run at once, and rows done that may wait for an earlier one to be reported.
 * A row paused by a fault (a 503's Retry-After, 1 s) holds the rows after it once ROWS_WAITING
 * are done: in a sync most rows are unchanged, so the rows done while it waits must hold a pause's
 * worth of writes, pause × rate ÷ the share of rows changed (1 s × 50/s ÷ 1 % = 5 000 rows). With
 * 2 000, each such pause stopped the million-row sync for most of a second (363 s instead of 250 s
 * with 1 % of requests answered 503: bench/analysis.md, "A fault or a rate limit"). A row done
 * holds its outcome only (its line, SKU and operation; a bad row its cells).
 */
export const ROWS_IN_FLIGHT = 20;
export const ROWS_WAITING = 20_000;

/**
 * A prepared row through its group stage: its problem, its write, or what its product group makes
 * it output (with the row's warnings).
 */
type Ready =
	| { problem: unknown }
	| { write: ProductWrite }
	| { output: IDataObject; warnings: string[] };

/** A row of the file with what it writes. */
export type ReadyRow = Omit<FileLine, 'shape'> & { ready: Ready };

/** The group stage of a prepared row (groups.ts), before its window's groups are forgotten. */
export function readyToWrite(plan: WritePlan, done: Outcome): Ready {
	if ('problem' in done) return done;
	try {
		const stage = grouped(plan, done.write, true);
		return 'output' in stage ? { output: stage.output, warnings: done.write.warnings } : stage;
	} catch (problem) {
		return { problem };
	}
}

/** What a file's rows share as they write. */
export interface RowWriting {
	run: PimRun;
	pim: PimClient;
	sync: SyncOptions;
	ledger: ImportLedger;
	catalogue: Catalogue;
}

/** A row's outcome, with its cells while it waits for the bad rows file. */
export type Written = RowOutcome & { bad?: { headers: string[]; cells: string[] } };

/** Decides and writes one row against the catalogue. */
export async function writeRow(
	{ run, pim, sync, ledger, catalogue }: RowWriting,
	{ line, row, cells, headers, ready }: ReadyRow,
): Promise<Written> {
	const sku = row.sku();
	const bad = (error: unknown): Written => ({
		line,
		sku,
		operation: 'failed',
		error: ledger.problem(line, sku, error),
		bad: { headers, cells },
	});
	if ('problem' in ready) return bad(ready.problem);
	const said = 'output' in ready ? ready.warnings : ready.write.warnings;
	const warnings = said.length ? { warnings: said } : {};
	// A row of a product group whose product another row writes.
	if ('output' in ready)
		return { line, sku, operation: String(ready.output.operation), ...warnings };
	const { write } = ready;
	try {
		const { output, changed, confirmed } = await decide(run, {
			pim,
			write,
			sync,
			compare: true,
			catalogue,
		});
		if (confirmed) ledger.confirmed++;
		const operation = String(output.operation);
		ledger.wrote(operation);
		return { line, sku, operation, changed, ...warnings };
	} catch (error) {
		return bad(error);
	}
}
