import type { INodeParameters } from 'n8n-workflow';

import { fold } from '../../../shared/records';
import { isPending, RunSlot, type Later, type PimRun } from '../../../shared/run';
import type { PimClient } from '../../../shared/transport';
import { catalogueOf, type Catalogue } from '../account/catalogue';
import type { ParametersRead } from './row';
import { accountAttributes, readAccount, type Account, type AccountNeeds } from '../account/lists';
import { ImportReport } from './report';
import type { Group } from './stages';

/**
 * The plan stage of a product write: what every row of a run shares, in one object per node run
 * (planOf), and the account's reads, each once per workflow execution and shared by its rows
 * (lists.ts: the attributes, the reference lists, currencies, languages; catalogue.ts).
 */

export class WritePlan {
	/** Import Options → Group By: each group's rows, by Group By's value (groups.ts). */
	readonly groups = new Map<string, Group>();
	/** Where the run's columns went, said on its first item (report.ts). */
	readonly report = new ImportReport();
	/** Create or Update: how many rows of the run have each SKU (upsert.ts). */
	skuCounts?: Map<string, number> | 'unknown';
	private read?: ParametersRead;
	/** The account as rows with the same needs see it, once its reads are in (account). */
	private readonly accounts = new Map<number, Account>();

	constructor(private readonly run: PimRun) {}

	/** What the parameters' expressions read (the input fields they name), found once per run. */
	parametersRead(parameters: INodeParameters): ParametersRead {
		return (this.read ??= parametersRead(parameters));
	}

	/** What `needs` names of the account, each read once per execution (lists.ts). */
	account(pim: PimClient, needs: AccountNeeds): Later<Account> {
		// The reads never change once in: a row's account is its needs', kept once all are read.
		const key = needsKey(needs);
		const kept = this.accounts.get(key);
		if (kept) return kept;
		const account = readAccount(this.run, pim, needs);
		if (!isPending(account)) this.accounts.set(key, account);
		return account;
	}

	/**
	 * The account's products (Read All Products Once, Import File), read once per execution;
	 * `fields`: the fields its comparisons read, when known; `started`: a read of them already
	 * under way (catalogue.ts).
	 */
	catalogue(
		pim: PimClient,
		compare: boolean,
		fields?: ReadonlySet<string>,
		started?: () => Promise<Catalogue>,
	): Later<Catalogue> {
		const attributes = () => accountAttributes(this.run, pim);
		return catalogueOf(this.run, pim, compare, attributes, fields, started);
	}
}

/** The account's reads a row needs, as one number. */
const needsKey = ({ attributes, currencies, languages, lists }: AccountNeeds): number =>
	(attributes ? 1 : 0) |
	(currencies ? 2 : 0) |
	(languages ? 4 : 0) |
	(lists.has('family') ? 8 : 0) |
	(lists.has('channel') ? 16 : 0) |
	(lists.has('category') ? 32 : 0);

const PLAN = new RunSlot<{ plan?: WritePlan }>(() => ({}));

/** The plan of this node run's product writes. */
export function planOf(run: PimRun): WritePlan {
	return (run.ofNodeRun(PLAN).plan ??= new WritePlan(run));
}

const JSON_FIELD =
	/(?:\$json|\.json)(?:\.([A-Za-z_$][\w$]*)|\[\s*(["'])((?:(?!\2)[^\\])*)\2\s*\])/g;

/** Reads of other nodes' items in an expression: `$('Node')`, `$node[…]`, `$items(…)`, `$input.all()`. */
const OTHER_NODE = /\$\(|\$node\b|\$items\b|\$input\.(?:all|first|last)\b/;

function parametersRead(parameters: INodeParameters): ParametersRead {
	const fields = new Set<string>();
	const otherNodes: string[] = [];
	for (const [name, value] of Object.entries(parameters)) {
		let readsOtherNodes = false;
		const walk = (v: unknown) => {
			if (typeof v === 'string') {
				if (!v.startsWith('=')) return;
				if (name !== 'columns')
					for (const m of v.matchAll(JSON_FIELD)) fields.add(fold(m[1] ?? m[3]));
				if (OTHER_NODE.test(v)) readsOtherNodes = true;
			} else if (v && typeof v === 'object') Object.values(v).forEach(walk);
		};
		walk(value);
		if (readsOtherNodes && name !== 'sku' && name !== 'importOptions') otherNodes.push(name);
	}
	return { fields, otherNodes };
}
