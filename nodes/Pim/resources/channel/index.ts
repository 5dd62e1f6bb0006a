import { operationPicker } from '../../shared/standard';
import * as get from './get';
import * as getAll from './getAll';
import * as getAttributes from './getAttributes';

export const channelDescription = operationPicker(
	'channel',
	[get, getAll, getAttributes],
	'getAll',
);
