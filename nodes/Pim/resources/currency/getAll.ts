import { ENDPOINTS } from '../../shared/endpoints';
import { getManyOperation } from '../../shared/registry';

export const { option, description } = getManyOperation({
	resource: 'currency',
	singular: 'currency',
	plural: 'currencies',
	path: ENDPOINTS.currency,
	paginated: false,
});
