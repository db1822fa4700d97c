/** Fiat (OTC) trading: settings, merchants, ads, escrowed orders, chat, appeals and the 15-minute expiry. */
export { createOtcService, type OtcService } from './otc.service';
export { OTC_EXPIRE_JOB, USDT_FIAT_RATES, type OtcServiceDeps } from './otc.context';
export { registerOtcRoutes, type OtcRouteOptions } from './otc.routes';
