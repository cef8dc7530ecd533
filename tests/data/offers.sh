# SPDX-License-Identifier: MIT
# The campaign c.db that the golden cases of offers answer
# (tests/cli/campaign_offer_*.case: setup: sh data/offers.sh), made in the
# current folder with $MUSTER: a Union division in the open and a hidden
# Confederate one, each side's men held by the other, and offers in every
# state. Its events:
#    7  2 Union stands captured        8  2 of Heth's (hidden) stands
#    9  Heth's brigadier 1 captured
#   10  the Union offers 1 Union stand for 1 Confederate stand: open
#   11  the Confederates offer 1 Union stand for their brigadier: open
#   12  the Union offers 1 Union stand for nothing: withdrawn by 13
#   14  the Confederates ask for 1 Confederate stand: accepted by 15
#   16  the Union offers to liberate every camp holding its men: open
#   17  the Confederates offer 2 Union stands: open, but the umpire
#   18  sends 1 of them home, so only 1 is held
#   19  the Confederates offer to liberate their men: undone by 20
set -eu
m() { "$MUSTER" campaign "$@" >/dev/null; }
m new c.db --name Offers --year 1863 --theater east
m add c.db --side union --name Wadsworth
m add c.db --side confederate --name Heth
m battle start c.db Ridge
m engage c.db 1 --seed 7
m engage c.db 2 --seed 8 --hidden
m casualties c.db 1 --brigade 1 --captured 2
m casualties c.db 2 --brigade 1 --captured 2
m leader-lost c.db 2 --brigade 1 --captured --rolls 50
m exchange c.db --union 1 --confederate 1 --as union
m exchange c.db --union 1 --confederate-leaders 1 --as confederate
m exchange c.db --union 1 --confederate 0 --as union
m exchange c.db --withdraw 12 --as union
m exchange c.db --union 0 --confederate 1 --as confederate
m exchange c.db --accept 14 --as union
m liberate c.db --side union --as union
m exchange c.db --union 2 --confederate 0 --as confederate
m exchange c.db --union 1 --confederate 0
m liberate c.db --side confederate --as confederate
m undo c.db 19
