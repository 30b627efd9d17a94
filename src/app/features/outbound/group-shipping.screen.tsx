import { DockScreen } from './shipping-parts';

/** Group Shipping (spec §2 /salesoutbound/groupshipping): parcels loaded onto a pallet or into a bag, the group handed over as one (shipping-parts.tsx). */
export default function GroupShippingScreen() {
  return <DockScreen group />;
}
