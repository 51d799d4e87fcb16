-- No query reads clicks by advocate yet (campaign statistics read by campaign); the index cost
-- every click a third of its database time. Advocate figures are to come from daily rollups.
DROP INDEX "clicks_advocate_created_idx";
