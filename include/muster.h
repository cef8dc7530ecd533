/* SPDX-License-Identifier: MIT */
/*
 * muster.h -- the public API of libmuster, a toolkit for tabletop wargamers.
 *
 * One header for everything; the parts, by concept, each usable alone:
 *
 *   muster/core.h      conventions, status and error reasons, dice sources,
 *                      the common vocabulary, formats, render options,
 *                      exact rationals
 *   muster/oob.h       the generation tables, brigade labels, divisions,
 *                      corps and battles
 *   muster/fire.h      weapons, volleys, fire curves and crossovers
 *   muster/odds.h      exact odds and simulation
 *   muster/campaign.h  canonical JSON, commitments and the campaign ledger
 *   muster/roster.h    rosters and command-stand labels on paper (cairo)
 *   muster/plot.h      charts of fire curves and odds (PNG, SVG, PDF)
 *
 * The conventions every entry follows (ownership, errors, units, the
 * comment template) are stated once, at the top of muster/core.h.
 */
#ifndef MUSTER_H
#define MUSTER_H

#include "muster/core.h"
#include "muster/oob.h"
#include "muster/fire.h"
#include "muster/odds.h"
#include "muster/campaign.h"
#include "muster/roster.h"
#include "muster/plot.h"

#endif /* MUSTER_H */
