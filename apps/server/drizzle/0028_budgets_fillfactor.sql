-- hand-written
-- Room on each page of budgets for a row's next versions: a step changes a budget's status (an indexed column)
-- and then its kept history (0027, not indexed); with room on the page the second change is a heap-only update
-- that writes no index entry, where a full page made it write one in each of the table's six indexes. Pages
-- written from now on keep 30% free; pages already full gain the room as their rows are rewritten.
ALTER TABLE "budgets" SET (fillfactor = 70);
