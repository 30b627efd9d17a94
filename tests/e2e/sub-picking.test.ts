import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { TASK_STATUS } from '../../src/shared/codes';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { salesOrderContract } from '../../src/shared/contract/sales-order.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';
import { subPickingContract, type SubPickingGroupDetail } from '../../src/shared/contract/sub-picking.contract';
import { subPickingTaskResource } from '../../src/shared/resources/picking-task.resource';

/**
 * Sub-picking (docs/outbound.md "Sub-picking") over the demo warehouse IDJKT1: a supervisor splits
 * a waiting picking task (of an order of its own) on its detail page and merges it back from the
 * group's page; an operator picks the demo's pending sub-picking task on Task Picking at
 * PDA size with the network cut, and the group's page shows it done.
 */
const WHS = 'IDJKT1';
const T = TASK_STATUS.values;
const CONTAINER = 'BSK030';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A waiting picking task with at least two stops: an order of one unit of each of eight SKUs the
 * warehouse has, released in a wave (a task per zone, so one zone at least gets two of them).
 */
async function splittableTask(page: Page): Promise<string> {
  const { list: stock } = await api<{ list: { sku_id: string; available_qty: number }[] }>(
    page, 'GET', '/apps/process/inventory/inventorymap/search_available_inventory', { page_size: '100' }, WHS,
  );
  const skuIds = [...new Set(stock.filter((row) => row.available_qty >= 1).map((row) => row.sku_id))].slice(0, 8);
  const { order } = await api<{ order: { order_no: string } }>(page, 'POST', salesOrderContract.createSalesOrder.path, {
    external_no: `E2E-SUBP-${Date.now().toString(36)}`, lines: skuIds.map((sku_id) => ({ sku_id, qty: 1 })),
  }, WHS);
  const wave = await api<{ task_nos: string[] }>(page, 'POST', waveContract.createManualWave.path, { order_nos: [order.order_no] }, WHS);
  for (const taskNo of wave.task_nos) {
    const work = await api<PickingWork>(page, 'GET', pickingContract.getPickingTaskDetail.path, { task_no: taskNo }, WHS);
    if (work.lines.length >= 2) return taskNo;
  }
  throw new Error(`no task of wave ${wave.task_nos.join(', ')} has two stops`);
}

describe('sub-picking', () => {
  test('a supervisor splits a task and merges it back; an operator picks a sub-picking task offline on Task Picking', async () => {
    const office = await openAt(browser, 'supervisor@demo.local', WHS, '/salesoutbound/task/picking');
    const taskNo = await splittableTask(office.page);
    await office.page.goto(`/v2/salesoutbound/task/picking/detail/${taskNo}`);
    await office.page.getByTestId('split-task').click();
    await office.page.getByTestId('split-confirm').click();
    await office.page.waitForURL(/\/v2\/salesoutbound\/subPicking\/detail\?group_id=/);
    const subTasks = office.page.getByTestId('group-sub-tasks');
    await expect.poll(() => subTasks.locator('tbody tr').count()).toBe(2);
    expect(await office.page.getByTestId('group-header').textContent()).toContain(taskNo);
    await office.page.screenshot({ path: 'test-results/sub-picking-group.png', fullPage: true });
    await office.page.getByTestId('merge-group').click();
    await expect.poll(() => subTasks.locator('tbody tr').count()).toBe(0);
    expect(await office.page.getByTestId('group-header').textContent()).toContain('Cancel');

    // The demo's pending sub-picking task, and what it asks.
    const { list } = await api<{ list: { task_no: string; sub_picking_group_id: string }[] }>(
      office.page, 'GET', subPickingTaskResource.api!.list.path, { status: String(T.PENDING), page_size: '20' }, WHS,
    );
    const sub = list[0]!;
    const work = await api<PickingWork>(office.page, 'GET', subPickingContract.getSubPickingTaskDetail.path, { task_no: sub.task_no }, WHS);

    const pda = await openAt(browser, 'operator@demo.local', WHS, '/salesoutbound/pickingTask', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    const { page } = pda;
    await scanInto(page, 'picking-task-scan', sub.task_no);
    await scanInto(page, 'picking-container-scan', CONTAINER);
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(work.lines[0]!.location_id);
    await pda.context.setOffline(true);
    for (const line of work.lines) {
      await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(line.location_id);
      await scanInto(page, 'picking-location-scan', line.location_id);
      for (let i = 0; i < line.qty; i++) await scanInto(page, 'picking-sku-scan', line.sku_id);
    }
    await expect.poll(() => page.getByTestId('picking-complete').count()).toBe(1);
    expect(new Set(await opStates(page))).toEqual(new Set(['pending']));
    await page.screenshot({ path: 'test-results/sub-picking-pda.png' });
    await pda.context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(work.lines.map(() => 'done'));
    await pda.context.close();

    // The group's page: the sub task is done, in the operator's container.
    const group = await api<SubPickingGroupDetail>(office.page, 'GET', subPickingContract.getSubPickingGroupDetail.path, { group_id: sub.sub_picking_group_id }, WHS);
    expect(group.sub_tasks.find((s) => s.task_no === sub.task_no)).toMatchObject({ status: T.DONE, container_code: CONTAINER, assignee_name: expect.any(String) });
    await office.page.goto(`/v2/salesoutbound/subPicking/detail?group_id=${encodeURIComponent(sub.sub_picking_group_id)}`);
    await expect.poll(() => office.page.getByTestId('group-sub-tasks').textContent()).toContain('Done');
    await office.context.close();
  });
});
