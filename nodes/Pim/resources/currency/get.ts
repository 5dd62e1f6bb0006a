import { ENDPOINTS } from '../../shared/endpoints';
import { getOneOperation } from '../../shared/registry';

export const { option, description } = getOneOperation({
	resource: 'currency',
	singular: 'currency',
	plural: 'currencies',
	path: ENDPOINTS.currencyShow,
	idName: 'currencyId',
	idDisplayName: 'Currency',
	searchListMethod: 'searchCurrencies',
});
