import { ENDPOINTS } from '../../shared/endpoints';
import { getManyOperation } from '../../shared/registry';

export const { option, description } = getManyOperation({
	resource: 'family',
	singular: 'family',
	plural: 'families',
	path: ENDPOINTS.family,
	paginated: true,
});
