import { resourceModule } from '../../shared/registry';
import * as get from './get';
import * as getAll from './getAll';
import * as getAttributes from './getAttributes';

export const channel = resourceModule(
	{ value: 'channel', name: 'Channel' },
	[get, getAll, getAttributes],
	'getAll',
);
