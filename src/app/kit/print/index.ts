export { printJob, type PrintTarget } from './print-job';
export { printQueries } from './print-queries';
export { StationPicker, usePrinter } from './use-printer';
