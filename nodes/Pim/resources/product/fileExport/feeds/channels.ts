import type { Channel, FeedName } from './channel';
import { GOOGLE } from './google';
import { META } from './meta';
import { SHOPIFY } from './shopify';

/** The channels Export File writes feeds for: a new channel is one table here. */
export const CHANNELS: Record<FeedName, Channel> = {
	googleMerchantCenter: GOOGLE,
	meta: META,
	shopify: SHOPIFY,
};

export const isFeedName = (name: string): name is FeedName =>
	Object.prototype.hasOwnProperty.call(CHANNELS, name);
