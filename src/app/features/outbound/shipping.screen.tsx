import { DockScreen } from './shipping-parts';

/** Shipping (spec §2 /salesoutbound/shipping): parcels handed over one by one to a courier at the dock (shipping-parts.tsx). */
export default function ShippingScreen() {
  return <DockScreen group={false} />;
}
