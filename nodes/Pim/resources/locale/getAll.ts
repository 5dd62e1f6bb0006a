import { ENDPOINTS } from '../../shared/endpoints';
import { getManyOperation } from '../../shared/registry';

export const { option, description } = getManyOperation({
	resource: 'locale',
	singular: 'locale',
	plural: 'locales',
	path: ENDPOINTS.locale,
	paginated: false,
});
