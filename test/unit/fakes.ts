import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';

import type { Limiter } from '../../nodes/Pim/shared/limiter';
import { RUN_SETTINGS, type ReliabilitySettings } from '../../nodes/Pim/shared/policy';
import type { PimContext } from '../../nodes/Pim/shared/attempt';
import { pimClient, type PimClient } from '../../nodes/Pim/shared/transport';

export type Answer = Partial<IN8nHttpFullResponse> | Error;

/** A PimContext whose requests are answered from a list, recording what was asked. */
export function fakeContext(
	answer: (options: { qs?: Record<string, string> }, call: number) => Answer,
) {
	const calls: Array<{
		url?: string;
		qs?: Record<string, string>;
		method?: string;
		body?: unknown;
	}> = [];
	const ctx: PimContext = {
		getNode: () =>
			({
				name: 'PIM',
				type: 'n8n-nodes-pim.pim',
				typeVersion: 1,
				parameters: {},
			}) as unknown as INode,
		getCredentials: async () => ({
			baseUrl: 'https://acme.pim.example.com',
			token: 'secret-token',
		}),
		helpers: {
			httpRequestWithAuthentication: async (
				_type: string,
				options: { qs?: Record<string, string>; url?: string; method?: string; body?: unknown },
			) => {
				calls.push({
					url: options.url,
					qs: options.qs,
					method: options.method,
					body: options.body,
				});
				const result = answer(options, calls.length);
				if (result instanceof Error) throw result;
				return { statusCode: 200, headers: {}, ...result };
			},
		} as unknown as PimContext['helpers'],
	};
	return { ctx, calls };
}

export function envelope(data: unknown, status = 200) {
	return {
		statusCode: status,
		headers: {},
		body: { status: status === 200, message: 'ok', data, status_code: status },
	};
}

/** A client of `ctx` on a limiter of its own: no test shares an account limiter with another. */
export function clientOn(
	ctx: PimContext,
	limiter: Limiter,
	reliability: ReliabilitySettings = RUN_SETTINGS,
): PimClient {
	return pimClient(ctx, { ...reliability, maxConcurrency: limiter.maxConcurrency }, { limiter });
}
