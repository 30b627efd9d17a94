import { CountingScreen } from './cycle-count.screen';

/** Full stock counting on the PDA (spec §2 /inventorymanage/fsc/fsctask/count): the cycle counting screen, claiming full stock count tasks. */
export default function FullStockCountingScreen() {
  return <CountingScreen fullStockCount />;
}
