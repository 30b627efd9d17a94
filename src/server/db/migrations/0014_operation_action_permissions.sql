-- The work of operation screens, block and unblock, direct adjustment and resolving rejected ops
-- needs each page's Action permission now, no longer the View that opens the page. A role that
-- could do that work before (it held the page's View) keeps doing it: it gets the Action beside the
-- View. The administrators' edits that needed only a View (SKUs, station record settings) are not
-- granted: an administrator grants PC.WMSBasic.Skuitems.Edit and
-- PC.WMSBasic.StationManagement.RecordSettings.Edit on Role Detail (docs/decisions.md).
-- All-permission roles hold every permission already.
INSERT INTO "role_permissions" ("whs_id", "role_id", "perm")
SELECT rp."whs_id", rp."role_id", page."action"
FROM "role_permissions" rp
JOIN (VALUES
	('PC.Inbound.Arriving.View', 'PC.Inbound.Arriving.Action'),
	('PC.Inbound.Counting.View', 'PC.Inbound.Counting.Action'),
	('PC.Inbound.Qc.View', 'PC.Inbound.Qc.Action'),
	('PC.Inbound.Receiving.View', 'PC.Inbound.Receiving.Action'),
	('PC.Inbound.Receiving.Reportexception.View', 'PC.Inbound.Receiving.Reportexception.Action'),
	('PC.Inbound.Standardputaway.View', 'PC.Inbound.Standardputaway.Action'),
	('PC.Inbound.Standardputaway.Reportexception.View', 'PC.Inbound.Standardputaway.Reportexception.Action'),
	('PC.Inbound.Massputaway.View', 'PC.Inbound.Massputaway.Action'),
	('PC.Inbound.Massputaway.Reportexception.View', 'PC.Inbound.Massputaway.Reportexception.Action'),
	('PC.Inbound.Reprocess.View', 'PC.Inbound.Reprocess.Action'),
	('PC.InventoryManagement.Adjust.Adjust.View', 'PC.InventoryManagement.Adjust.Adjust.Action'),
	('PC.InventoryManagement.Stockblock.View', 'PC.InventoryManagement.Stockblock.Action'),
	('PC.InventoryManagement.Locationblock.View', 'PC.InventoryManagement.Locationblock.Action'),
	('PC.Wmsconfig.Syncqueue.View', 'PC.Wmsconfig.Syncqueue.Action')
) AS page("view", "action") ON page."view" = rp."perm"
ON CONFLICT DO NOTHING;
