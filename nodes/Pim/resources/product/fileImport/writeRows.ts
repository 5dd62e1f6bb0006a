import type { Pass, Ready, RowSteps } from '../../../shared/rowRun';
import { andThen, type Later, type PimRun } from '../../../shared/run';
import type { PimClient } from '../../../shared/transport';
import type { Catalogue } from '../account/catalogue';
import { decide, prepareWrite } from '../engine/send';
import type { SyncOptions } from '../engine/sync';
import type { RowOutcome } from './fileReport';
import type { ImportLedger } from './ledger';
import type { FileLine } from '../sources/source';
import type { ProductWrite } from '../engine/stages';
import { grouped } from '../engine/groups';
import { planOf } from '../engine/plan';

/**
 * A catalogue file's rows as the one driver of a run of writes runs them (shared/rowRun.ts):
 * each prepared as every product write is (send.ts, prepareWrite), its window through the group
 * stage (groups.ts), then decided and written as Create or Update decides an item (send.ts,
 * decide), against the catalogue read once.
 */

/**
 * Rows done that may wait for an earlier one to be reported. The rows whose writes run at once
 * are as many as the account takes in flight (Max Concurrent Requests): a write started beyond
 * them would only wait in the limiter, holding its row and its request, long enough for V8 to
 * move them to its old space (20 at once: 1.7 KB promoted a row of a sync, 5: 0.9 KB;
 * bench/analysis.md, "The sync's memory: writes waiting"). A row waiting out a fault (a 503's
 * Retry-After, 1 s) lets another row write meanwhile, and holds the rows after it once
 * ROWS_WAITING are done: in a sync most rows are unchanged, so the rows done while it waits must
 * hold a pause's worth of writes, pause × rate ÷ the share of rows changed (1 s × 50/s ÷ 1 % =
 * 5 000 rows; bench/analysis.md, "A fault or a rate limit"). A row done holds its outcome only
 * (its line, SKU and operation; a bad row its cells).
 */
export const ROWS_WAITING = 20_000;

/** A row's outcome, with its cells while it waits for the bad rows file. */
export type Written = RowOutcome & { bad?: { headers: string[]; cells: string[] } };

/** What a file's rows share as they are prepared and written, for the pass under way. */
export interface RowWriting {
	/** The pass's run: its plan (groups, report) apart from the other pass's. */
	readonly run: PimRun;
	readonly pim: PimClient;
	readonly sync: SyncOptions;
	readonly ledger: ImportLedger;
	/** The account's products, read once the first window to write is settled. */
	readonly catalogue?: Catalogue;
	/** A window's rows settled, before any is written (the catalogue read for the first). */
	settled(ready: Array<Ready<ProductWrite, Written>>, pass: Pass): Promise<void>;
}

/** The file's steps: a row prepared, a window settled by its groups, a row decided and written. */
export function fileSteps(writing: RowWriting): RowSteps<FileLine, ProductWrite, Written> {
	return {
		prepare: (line) => prepareLine(line, writing.pim),
		async settle(lines, ready, pass) {
			const plan = planOf(writing.run);
			const settled = lines.map((line, i) => groupStage(line, ready[i], plan));
			// A window holds whole groups: they are forgotten once it is settled.
			plan.groups.clear();
			await writing.settled(settled, pass);
			return settled;
		},
		async write(line, write) {
			const { pim, sync, ledger, catalogue } = writing;
			if (!catalogue) throw new Error('The catalogue is read before the first write');
			// What the outcome says of the row, taken now: a write waiting for its turn holds no cells.
			const at = line.line;
			const sku = line.row.sku();
			const warned = said(write.warnings);
			const decided = await decide(writing.run, { pim, write, sync, compare: true, catalogue });
			if (decided.confirmed) ledger.confirmed++;
			const operation = String(decided.output.operation);
			ledger.wrote(operation);
			return { line: at, sku, operation, changed: decided.changed, ...warned };
		},
	};
}

/** A row of the file prepared as every product write is (send.ts), or its problem thrown. */
export function prepareLine(line: FileLine, pim: PimClient): Later<ProductWrite> {
	// A row whose values cannot be put under their columns is bad as it is, none of them read.
	if (line.shape) throw line.shape;
	return andThen(prepareWrite(line.row, 'create', pim), ({ write }) => write);
}

/** A prepared row's group stage (groups.ts): its write, or what its product group makes it output. */
function groupStage(
	line: FileLine,
	ready: Ready<ProductWrite, Written>,
	plan: ReturnType<typeof planOf>,
): Ready<ProductWrite, Written> {
	if (!('write' in ready)) return ready;
	try {
		const stage = grouped(plan, ready.write, true);
		if ('write' in stage) return stage;
		// A row of a product group whose product another row writes.
		return {
			output: {
				line: line.line,
				sku: line.row.sku(),
				operation: String(stage.output.operation),
				...said(ready.write.warnings),
			},
		};
	} catch (fault) {
		return { fault };
	}
}

const said = (warnings: string[]) => (warnings.length ? { warnings } : {});
