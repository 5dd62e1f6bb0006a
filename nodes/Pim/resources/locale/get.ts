import { ENDPOINTS } from '../../shared/endpoints';
import { getOneOperation } from '../../shared/registry';

export const { option, description } = getOneOperation({
	resource: 'locale',
	singular: 'locale',
	plural: 'locales',
	path: ENDPOINTS.localeShow,
	idName: 'localeId',
	idDisplayName: 'Locale',
	searchListMethod: 'searchLocales',
});
